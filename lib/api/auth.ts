// The API table's routes of the API keys and users (lib/api/table.ts): one handler per operation.
import { createAgentCredentialOperation, issueAgentCredential, listAgentCredentials, listAgentCredentialsOperation, revokeAgentCredential, revokeAgentCredentialOperation, createApiKey, createApiKeyOperation, createUser, createUserOperation, listApiKeys, listApiKeysOperation, listUsers, listUsersOperation, revokeApiKey, revokeApiKeyOperation, updateUserOperation, updateUserRole } from "../auth";
import { route, type RouteHandler } from "../http";

export const authRoutes: RouteHandler[] = [
  // DELETE /api/keys/{keyId} – revoke one of the caller's keys at once
  route(revokeApiKeyOperation, async ({ params, principal }) => {
    await revokeApiKey(params.keyId, principal);
  }),
  // GET /api/keys – the caller's API keys
  route(listApiKeysOperation, ({ principal }) => listApiKeys(principal.userId)),
  // POST /api/keys – a new key for the caller, shown once
  route(createApiKeyOperation, ({ principal, body }) =>
    createApiKey(principal.userId, body),
  ),
  // POST /api/agents/{agentId}/credentials – issue an agent credential, its secret shown once
  route(createAgentCredentialOperation, ({ params, body, principal }) => issueAgentCredential(params.agentId, principal.userId, body)),
  // GET /api/agents/{agentId}/credentials – the agent's credentials (never their secrets)
  route(listAgentCredentialsOperation, ({ params }) => listAgentCredentials(params.agentId)),
  // DELETE /api/agents/{agentId}/credentials/{credentialId} – revoke at once
  route(revokeAgentCredentialOperation, async ({ params }) => {
    await revokeAgentCredential(params.agentId, params.credentialId);
  }),
  // PATCH /api/users/{userId} – change a user's role (admin)
  route(updateUserOperation, ({ params, body }) => updateUserRole(params.userId, body.role)),
  // GET /api/users – every user (admin)
  route(listUsersOperation, () => listUsers()),
  // POST /api/users – create a user (admin)
  route(createUserOperation, ({ body }) => createUser(body)),
];

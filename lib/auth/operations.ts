import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
  ZAgentCredential,
  ZAgentCredentialParams,
  ZAgentCredentialsParams,
  ZCreateAgentCredentialBody,
  ZCreatedAgentCredential,
  ZApiKey,
  ZApiKeyParams,
  ZCreateApiKeyBody,
  ZCreatedApiKey,
  ZCreateUserBody,
  ZUpdateUserBody,
  ZUser,
  ZUserParams,
} from "./schemas";

export const listUsersOperation = defineOperation({
  method: "GET",
  path: "/api/users",
  operationId: "listUsers",
  summary: "List users",
  tags: ["Users"],
  access: "admin",
  responses: { 200: { description: "Every user", schema: z.array(ZUser) } },
});

export const createUserOperation = defineOperation({
  method: "POST",
  path: "/api/users",
  operationId: "createUser",
  summary: "Create a user",
  tags: ["Users"],
  access: "admin",
  body: ZCreateUserBody,
  responses: { 201: { description: "The created user", schema: ZUser } },
  errors: { 409: "A user with that email exists" },
});

export const updateUserOperation = defineOperation({
  method: "PATCH",
  path: "/api/users/{userId}",
  operationId: "updateUser",
  summary: "Change a user's role",
  tags: ["Users"],
  access: "admin",
  params: ZUserParams,
  body: ZUpdateUserBody,
  responses: { 200: { description: "The updated user", schema: ZUser } },
  errors: { 404: "No such user", 409: "It would leave no admin" },
});

export const listApiKeysOperation = defineOperation({
  method: "GET",
  path: "/api/keys",
  operationId: "listApiKeys",
  summary: "List the caller's API keys",
  tags: ["API keys"],
  access: "credential",
  credentials: "session",
  responses: { 200: { description: "The caller's keys (never the keys themselves)", schema: z.array(ZApiKey) } },
});

export const createApiKeyOperation = defineOperation({
  method: "POST",
  path: "/api/keys",
  operationId: "createApiKey",
  secretAnswer: true,
  summary: "Create an API key for the caller (shown once)",
  tags: ["API keys"],
  access: "credential",
  credentials: "session",
  body: ZCreateApiKeyBody,
  responses: { 201: { description: "The key, shown this once", schema: ZCreatedApiKey } },
  errors: {
    403: "Called with an API key, or the requested role is above the caller's",
    409: "The caller already holds API_KEYS_PER_USER_MAX (default 20) active keys; the problem names the count and the limit. Revoke one first",
  },
});

export const revokeApiKeyOperation = defineOperation({
  method: "DELETE",
  path: "/api/keys/{keyId}",
  operationId: "revokeApiKey",
  summary: "Revoke an API key (at once)",
  tags: ["API keys"],
  access: "credential",
  credentials: "session",
  params: ZApiKeyParams,
  responses: { 204: { description: "Revoked" } },
  errors: { 403: "Called with an API key", 404: "No such key of the caller's" },
});

export const createAgentCredentialOperation = defineOperation({
  method: "POST",
  path: "/api/agents/{agentId}/credentials",
  operationId: "createAgentCredential",
  secretAnswer: true,
  summary: "Issue a credential for an agent (the secret is shown once)",
  tags: ["Agent credentials"],
  access: "operator",
  params: ZAgentCredentialsParams,
  body: ZCreateAgentCredentialBody,
  responses: { 201: { description: "The credential, with its secret shown this once", schema: ZCreatedAgentCredential } },
  errors: {
    404: "No agent with that id",
    409: "The agent already holds AGENT_CREDENTIALS_PER_AGENT_MAX (default 10) active credentials; revoke one first",
  },
});

export const listAgentCredentialsOperation = defineOperation({
  method: "GET",
  path: "/api/agents/{agentId}/credentials",
  operationId: "listAgentCredentials",
  summary: "List an agent's credentials (never their secrets)",
  tags: ["Agent credentials"],
  access: "operator",
  // People's business, not an agent's: an agent credential may not list any agent's credentials.
  agentRoles: "none",
  params: ZAgentCredentialsParams,
  responses: { 200: { description: "The agent's credentials, newest first, revoked ones included", schema: z.array(ZAgentCredential) } },
  errors: { 404: "No agent with that id" },
});

export const revokeAgentCredentialOperation = defineOperation({
  method: "DELETE",
  path: "/api/agents/{agentId}/credentials/{credentialId}",
  operationId: "revokeAgentCredential",
  summary: "Revoke an agent credential (at once, on every instance)",
  tags: ["Agent credentials"],
  access: "operator",
  params: ZAgentCredentialParams,
  responses: { 204: { description: "Revoked (also when it already was)" } },
  errors: { 404: "No such credential of that agent" },
});

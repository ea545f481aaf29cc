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
import type { TAgentCredential, TApiKey, TCreatedAgentCredential, TCreatedApiKey, TUser } from "./schemas";

// The document's examples: an admin, an operator (Dana) with her API keys, and a credential she issued
// for the agent yield-scout-7. The key and the secret are fake placeholders of the real format.
const ADMIN_EXAMPLE: TUser = { id: "0b7e2c1a-4d3f-4e8a-9c21-5f6a7b8c9d0e", email: "admin@example.com", name: "Admin", role: "admin", createdAt: "2026-09-01T08:00:00.000Z" };
const DANA_ID = "5f0c2a9e-8b1d-4c3e-9a7f-2d6b4e8c1a30";
const DANA_EXAMPLE: TUser = { id: DANA_ID, email: "dana.okafor@example.com", name: "Dana Okafor", role: "viewer", createdAt: "2026-10-14T08:12:00.000Z" };
const API_KEY_EXAMPLE: TApiKey = {
  id: "cmhx3v9q20004s8l5d2h7m1pa",
  name: "CI deploy pipeline",
  prefix: "sk_syn_EXAMPL",
  role: "operator",
  userId: DANA_ID,
  scopes: ["deployments:write", "tasks:read"],
  expiresAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};
const CREATED_API_KEY_EXAMPLE: TCreatedApiKey = { ...API_KEY_EXAMPLE, key: "sk_syn_EXAMPLEkey0nly-n0t-real_xxxxxxxxxxxxxxxxxxx" };
const AGENT_CREDENTIAL_EXAMPLE: TAgentCredential = {
  id: "acr_3f9a1c7e5b2d4f6a8c0e1b3d",
  agentId: "yield-scout-7",
  name: "worker host eu-west-1",
  prefix: "ak_syn_EXAMPL",
  createdById: DANA_ID,
  createdAt: "2026-11-21T14:05:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};
const CREATED_AGENT_CREDENTIAL_EXAMPLE: TCreatedAgentCredential = { ...AGENT_CREDENTIAL_EXAMPLE, secret: "ak_syn_EXAMPLEcredential0nly-n0t-real_xxxxxxxxxxxx" };

export const listUsersOperation = defineOperation({
  method: "GET",
  path: "/api/users",
  operationId: "listUsers",
  summary: "List users",
  description:
    "Every user who can sign in to the dashboard, ordered by email, with their role (viewer < operator < admin). Password hashes and sessions are never part of the answer. Not paged.",
  example: { response: [ADMIN_EXAMPLE, { ...DANA_EXAMPLE, role: "operator" }] },
  tags: ["Users"],
  access: "admin",
  responses: { 200: { description: "Every user", schema: z.array(ZUser) } },
});

export const createUserOperation = defineOperation({
  method: "POST",
  path: "/api/users",
  operationId: "createUser",
  summary: "Create a user",
  description:
    "Creates a user who can sign in with the email and password; the email is stored trimmed and in lower case, and must not be taken. `role` defaults to `viewer`; the password (at least 10 characters) is stored only as a scrypt hash. Change the role later with `PATCH /api/users/{userId}`.",
  example: { body: { email: "dana.okafor@example.com", name: "Dana Okafor", password: "correct-horse-battery-staple" }, response: DANA_EXAMPLE },
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
  description:
    "Sets the user's role; it takes effect at once for the user's sessions, and their API keys act with the weaker of the key's role and the new one. The only admin cannot be demoted: make another user admin first.",
  example: { params: { userId: DANA_ID }, body: { role: "operator" }, response: { ...DANA_EXAMPLE, role: "operator" } },
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
  description:
    "The signed-in user's API keys, newest first, revoked and expired ones included, with their role, scopes, expiry and last use (recorded to the minute). Only the key's first characters (`prefix`) are shown, never the key. Callable from a dashboard session only, not with an API key.",
  example: {
    response: [
      { ...API_KEY_EXAMPLE, lastUsedAt: "2026-11-28T16:42:00.000Z" },
      {
        ...API_KEY_EXAMPLE,
        id: "cmh1q7w3e0002a9s4d6f8g0hj",
        name: "Local scripts",
        prefix: "sk_syn_SAMPLE",
        role: "viewer",
        scopes: null,
        createdAt: "2026-10-15T09:30:00.000Z",
        lastUsedAt: "2026-11-02T11:17:00.000Z",
        revokedAt: "2026-11-03T08:00:00.000Z",
      },
    ],
  },
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
  description:
    "Creates a key for the signed-in user and answers it in `key`, this once: only its SHA-256 is stored, so keep it. Its `role` defaults to the caller's and may not exceed it; `scopes` narrow it to some areas (a viewer's key only reads) and `expiresAt` ends it, by default never. Use it as `Authorization: Bearer <key>`; a retry with the same `Idempotency-Key` does not show the key again.",
  example: { body: { name: "CI deploy pipeline", role: "operator", scopes: ["tasks:read", "deployments:write"] }, response: CREATED_API_KEY_EXAMPLE },
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
  description:
    "Revokes one of the caller's keys (an admin may revoke anyone's); revoking a key already revoked changes nothing. This server refuses the key from the next request; other server instances within a second. The key stays in the list with its `revokedAt`. Callable from a dashboard session only.",
  example: { params: { keyId: "cmhx3v9q20004s8l5d2h7m1pa" } },
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
  description:
    "Issues a credential bound to the agent and answers its `secret` (`ak_syn_…`) this once: only its SHA-256 is stored. The agent sends it as `Authorization: Bearer <secret>` to claim and report its own runs and call the operations its roles allow, acting for the operator who issued it. A retry with the same `Idempotency-Key` does not show the secret again.",
  example: { params: { agentId: "yield-scout-7" }, body: { name: "worker host eu-west-1" }, response: CREATED_AGENT_CREDENTIAL_EXAMPLE },
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
  description:
    "The agent's credentials, newest first, revoked ones included, each with the first characters of its secret (`prefix`), who issued it and when it was last used. Not callable with an agent credential.",
  example: { params: { agentId: "yield-scout-7" }, response: [{ ...AGENT_CREDENTIAL_EXAMPLE, lastUsedAt: "2026-11-28T22:10:00.000Z" }] },
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
  description:
    "Revokes the credential: as a credential is looked up on every request, the next request with it is refused on every instance. Revoking one already revoked changes nothing; it stays in the agent's list with its `revokedAt`. Issue a new one with `POST /api/agents/{agentId}/credentials`.",
  example: { params: { agentId: "yield-scout-7", credentialId: "acr_3f9a1c7e5b2d4f6a8c0e1b3d" } },
  tags: ["Agent credentials"],
  access: "operator",
  params: ZAgentCredentialParams,
  responses: { 204: { description: "Revoked (also when it already was)" } },
  errors: { 404: "No such credential of that agent" },
});

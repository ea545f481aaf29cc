import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
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

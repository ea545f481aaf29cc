import { createApiKey, createApiKeyOperation, listApiKeys, listApiKeysOperation } from "@/lib/auth";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/keys – the caller's API keys
  GET: route(listApiKeysOperation, ({ principal }) => listApiKeys(principal.userId)),
  // POST /api/keys – a new key for the caller, shown once
  POST: route(createApiKeyOperation, ({ principal, body }) =>
    createApiKey(principal.userId, body),
  ),
});

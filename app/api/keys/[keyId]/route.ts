import { revokeApiKey, revokeApiKeyOperation } from "@/lib/auth";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // DELETE /api/keys/{keyId} – revoke one of the caller's keys at once
  DELETE: route(revokeApiKeyOperation, async ({ params, principal }) => {
    await revokeApiKey(params.keyId, principal);
  }),
});

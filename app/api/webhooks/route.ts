import { methods, pagedResponse, route } from "@/lib/http";
import { createWebhookEndpoint, createWebhookOperation, listWebhookEndpoints, listWebhooksOperation } from "@/lib/webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks – one page of webhook endpoints (never their secrets)
  GET: route(listWebhooksOperation, async ({ query, url }) => pagedResponse(await listWebhookEndpoints(query), url)),
  // POST /api/webhooks – register an endpoint; its secret is in this answer only
  POST: route(createWebhookOperation, ({ body, principal }) => createWebhookEndpoint(body, principal.userId)),
});

// The API table's routes of the webhooks (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { createWebhookEndpoint, createWebhookOperation, deleteWebhookEndpoint, deleteWebhookOperation, getWebhookEndpoint, getWebhookOperation, listWebhookDeliveries, listWebhookDeliveriesOperation, listWebhookEndpoints, listWebhooksOperation, rotateWebhookSecret, rotateWebhookSecretOperation, sendWebhookTest, testWebhookOperation, updateWebhookEndpoint, updateWebhookOperation } from "../webhooks";

export const webhooksRoutes: RouteHandler[] = [
  // GET /api/webhooks/{webhookId}/deliveries – the delivery log, newest first
  route(listWebhookDeliveriesOperation, async ({ params, query, url }) => pagedResponse(await listWebhookDeliveries(params.webhookId, query), url)),
  // POST /api/webhooks/{webhookId}/rotate-secret – a new signing secret, shown this once
  route(rotateWebhookSecretOperation, ({ params }) => rotateWebhookSecret(params.webhookId)),
  // GET /api/webhooks/{webhookId} – one endpoint
  route(getWebhookOperation, ({ params }) => getWebhookEndpoint(params.webhookId)),
  // PATCH /api/webhooks/{webhookId} – change URL, description, event types or enabled
  route(updateWebhookOperation, ({ params, body }) => updateWebhookEndpoint(params.webhookId, body)),
  // DELETE /api/webhooks/{webhookId} – remove it with its delivery log
  route(deleteWebhookOperation, async ({ params }) => {
    await deleteWebhookEndpoint(params.webhookId);
  }),
  // POST /api/webhooks/{webhookId}/test – queue a webhook.test event to this endpoint only
  route(testWebhookOperation, ({ params, principal }) => sendWebhookTest(params.webhookId, principal.userId)),
  // GET /api/webhooks – one page of webhook endpoints (never their secrets)
  route(listWebhooksOperation, async ({ query, url }) => pagedResponse(await listWebhookEndpoints(query), url)),
  // POST /api/webhooks – register an endpoint; its secret is in this answer only
  route(createWebhookOperation, ({ body, principal }) => createWebhookEndpoint(body, principal.userId)),
];

import { methods, route } from "@/lib/http";
import {
  deleteWebhookEndpoint,
  deleteWebhookOperation,
  getWebhookEndpoint,
  getWebhookOperation,
  updateWebhookEndpoint,
  updateWebhookOperation,
} from "@/lib/webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks/{webhookId} – one endpoint
  GET: route(getWebhookOperation, ({ params }) => getWebhookEndpoint(params.webhookId)),
  // PATCH /api/webhooks/{webhookId} – change URL, description, event types or enabled
  PATCH: route(updateWebhookOperation, ({ params, body }) => updateWebhookEndpoint(params.webhookId, body)),
  // DELETE /api/webhooks/{webhookId} – remove it with its delivery log
  DELETE: route(deleteWebhookOperation, async ({ params }) => {
    await deleteWebhookEndpoint(params.webhookId);
  }),
});

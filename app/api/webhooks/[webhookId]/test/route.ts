import { methods, route } from "@/lib/http";
import { sendWebhookTest, testWebhookOperation } from "@/lib/webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/webhooks/{webhookId}/test – queue a webhook.test event to this endpoint only
  POST: route(testWebhookOperation, ({ params, principal }) => sendWebhookTest(params.webhookId, principal.userId)),
});

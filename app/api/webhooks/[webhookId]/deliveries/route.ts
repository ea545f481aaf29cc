import { methods, pagedResponse, route } from "@/lib/http";
import { listWebhookDeliveries, listWebhookDeliveriesOperation } from "@/lib/webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks/{webhookId}/deliveries – the delivery log, newest first
  GET: route(listWebhookDeliveriesOperation, async ({ params, query, url }) => pagedResponse(await listWebhookDeliveries(params.webhookId, query), url)),
});

// Webhooks (docs/webhooks.md): endpoints managed by operators, deliveries of recorded events signed
// the Standard Webhooks way, sent by the webhook.deliver job with retries, a log per endpoint.
export * from "./schemas";
export * from "./operations";
export { createWebhookEndpoint, updateWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret } from "./manage-endpoints";
export { listWebhookEndpoints, getWebhookEndpoint, findWebhookEndpoint, listWebhookDeliveries } from "./read-endpoints";
export { sendWebhookTest } from "./send-test";
export { webhookDeliverJob, webhookBody } from "./delivery-job";
export { WEBHOOK_DELIVER_KIND, queueWebhookDeliveries, webhookSubscriber } from "./queue-deliveries";
export { webhooksConfig, resetWebhooksConfig, type TWebhooksConfig } from "./config";
export { isPrivateAddress, useDeliveryResolver } from "./check-delivery-url";

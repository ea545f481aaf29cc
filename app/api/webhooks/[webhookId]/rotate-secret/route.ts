import { methods, route } from "@/lib/http";
import { rotateWebhookSecret, rotateWebhookSecretOperation } from "@/lib/webhooks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/webhooks/{webhookId}/rotate-secret – a new signing secret, shown this once
  POST: route(rotateWebhookSecretOperation, ({ params }) => rotateWebhookSecret(params.webhookId)),
});

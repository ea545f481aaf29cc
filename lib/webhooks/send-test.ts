// A test send: records a webhook.test event (seen by the operator who sent it) and queues its
// delivery to that one endpoint, in one transaction; the answer is the queued delivery-log row.
import { prisma } from "../db";
import { notFound } from "../core/errors";
import { recordEvent } from "../outbox";
import { wakeWorkers } from "../jobs";
import { queueWebhookDeliveries } from "./queue-deliveries";
import { requireEnabled } from "./manage-endpoints";
import { toWebhookDelivery } from "./shape";
import type { TWebhookDelivery } from "./schemas";

/** `userId`: the operator who sends it (the event is private to them; see docs/security.md, "Private events"). */
export const sendWebhookTest = async (endpointId: string, userId: string): Promise<TWebhookDelivery> => {
  const delivery = await prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { id: true, enabled: true } });
    if (!endpoint) throw notFound("Webhook endpoint", endpointId);
    requireEnabled(endpoint);
    await recordEvent(tx, {
      type: "webhook.test",
      entityId: endpointId,
      data: { endpointId, message: "A test delivery from Syndicate: if you can read this, the endpoint works." },
      visibleTo: userId,
    });
    // Events are written under a lock until commit, so the newest test event of this endpoint is ours.
    const event = await tx.event.findFirstOrThrow({ where: { type: "webhook.test", entityId: endpointId }, orderBy: { seq: "desc" }, select: { id: true } });
    await queueWebhookDeliveries(tx, [event.id], { endpointId });
    return tx.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventId: event.id } });
  });
  wakeWorkers();
  return toWebhookDelivery(delivery);
};

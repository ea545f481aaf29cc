// Turning recorded events into deliveries, inside the transaction that records them: a rolled-back
// change delivers nothing, a committed one is never lost. One INSERT … SELECT over the enabled
// endpoints whose filter matches, then one insert of their jobs — the same two statements however
// many events and endpoints there are. The outbox runs it as an event subscriber, registered by
// lib/startup's registerApp() (webhookSubscriber below): the outbox imports nothing of this area.
import { Prisma } from "../db";
import { enqueueJobs } from "../jobs";
import { eventCatalog, type EventSubscriber } from "../outbox";

export const WEBHOOK_DELIVER_KIND = "webhook.deliver";

/** The payload of a webhook.deliver job: the delivery-log row (one attempt) it sends. */
export type DeliverPayload = { deliveryId: string; /** How often it has waited behind an earlier delivery. */ waits?: number };

/** A webhook.deliver job for each delivery row (runAfter: when the row is due). */
export const enqueueDeliveries = (tx: Prisma.TransactionClient, rows: { id: string; runAfter?: Date }[]) =>
  enqueueJobs(
    rows.map((row) => ({ kind: WEBHOOK_DELIVER_KIND, payload: { deliveryId: row.id } satisfies DeliverPayload, runAfter: row.runAfter })),
    tx,
  );

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/**
 * Queues the first attempt of each event in `eventIds` to each enabled endpoint subscribed to its
 * type. Events only some users may see are not delivered — endpoints belong to operators, not to
 * the event's owner: neither one recorded for a user (visibleTo) nor one of a private type, with or
 * without an owner (docs/security.md, "Private events"). Tests go to their one endpoint (`only`).
 */
export const queueWebhookDeliveries = async (tx: Prisma.TransactionClient, eventIds: string[], only?: { endpointId: string }) => {
  if (eventIds.length === 0) return 0;
  const match = only
    ? Prisma.sql`w.id = ${only.endpointId}`
    : Prisma.sql`w.enabled AND (COALESCE(cardinality(w."eventTypes"), 0) = 0 OR e.type = ANY(w."eventTypes"))
        AND e.type <> 'webhook.test' AND e."visibleTo" IS NULL AND e.type <> ALL(${[...eventCatalog().privateTypes]}::text[])`;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookDelivery" (id, "endpointId", "eventId", "eventSeq", "eventType", "entityKey", attempt, state, "scheduledAt", "createdAt")
    SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, e.seq, e.type, e."entityType" || ':' || e."entityId",
           1, 'PENDING'::"WebhookDeliveryState", ${NOW}, ${NOW}
    FROM "Event" e JOIN "WebhookEndpoint" w ON ${match}
    WHERE e.id = ANY(${eventIds}::text[])
    ORDER BY e.seq, w.id
    RETURNING id`;
  await enqueueDeliveries(tx, rows);
  return rows.length;
};

/** The outbox's subscriber: the deliveries of the events a transaction records, in that transaction. */
export const webhookSubscriber: EventSubscriber = (tx, events) => queueWebhookDeliveries(tx, events.map((event) => event.id));

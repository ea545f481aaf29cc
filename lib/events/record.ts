// Writing events: always inside the transaction of the change they describe, so that a change and
// its events commit together or not at all.
import { randomUUID } from "node:crypto";
import type { Prisma } from "../db";
import { eventDefinition } from "./catalog";
import { currentActor } from "./context";
import { queueWebhookDeliveries } from "../webhooks/fan-out";

export type EventInput = {
  type: string;
  entityId: string;
  data: unknown;
  /**
   * Only this user (and admins) may see it, and no webhook endpoint gets it: a user's own job, run
   * or wallet. Default: anyone who may read the record. Required by the catalog's private types:
   * one recorded without it is dropped (a job nobody asked for, such as a scheduled refresh, tells nobody).
   */
  visibleTo?: string | null;
};

/**
 * Any number (advisory lock key) that is ours: writers of events serialise on it until they commit,
 * so `seq` is handed out in commit order and a reader's "after seq N" never skips a slower writer.
 */
const EVENT_WRITE_LOCK = 7_303_011;

/**
 * Records `events` in `tx`. Call it after the transaction's other writes: from here to the commit,
 * other transactions that record events wait (a few milliseconds), which keeps `seq` in commit order.
 */
export const recordEvents = async (tx: Prisma.TransactionClient, events: EventInput[]): Promise<void> => {
  const actorId = currentActor();
  const rows = events.flatMap((event) => {
    const definition = eventDefinition(event.type);
    if (!definition) throw new Error(`Unknown event type ${event.type}: add it to lib/events/catalog.ts`);
    // A private event with no owner could only be shown to admins; it is nobody's news, so not kept.
    if (definition.visibility === "private" && !event.visibleTo) return [];
    return [{
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      type: event.type,
      entityType: definition.entityType,
      entityId: event.entityId,
      // Serialised with the rows below: dates become strings, exactly as the API answers them.
      data: event.data,
      actorId,
      visibleTo: event.visibleTo ?? null,
    }];
  });
  if (!rows.length) return;
  // When Prisma's default would have made it: the time of the insert, in UTC (timestamp without time zone).
  const createdAt = new Date().toISOString();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${EVENT_WRITE_LOCK})`;
  // One statement however many events (a sweep records thousands): the rows as one JSON parameter,
  // inserted in their order, so `seq` follows it. Prisma's createMany split a large batch into many
  // statements sent at once on the transaction's connection, and built them on the event loop.
  await tx.$executeRaw`
    INSERT INTO "Event" (id, type, "entityType", "entityId", data, "actorId", "visibleTo", "createdAt")
    SELECT e.id, e.type, e."entityType", e."entityId", e.data, e."actorId", e."visibleTo", (${createdAt}::timestamptz AT TIME ZONE 'UTC')
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS (id text, type text, "entityType" text, "entityId" text, data jsonb, "actorId" text, "visibleTo" text)) WITH ORDINALITY
      AS e(id, type, "entityType", "entityId", data, "actorId", "visibleTo", position)
    ORDER BY e.position`;
  // Their webhook deliveries commit (or roll back) with them.
  await queueWebhookDeliveries(tx, rows.map((row) => row.id));
};

/** One event; see recordEvents. */
export const recordEvent = (tx: Prisma.TransactionClient, event: EventInput) => recordEvents(tx, [event]);

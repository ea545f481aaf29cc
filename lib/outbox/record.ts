// Writing events: always inside the transaction of the change they describe, so that a change and
// its events commit together or not at all (a transactional outbox). What else must happen in that
// transaction (the webhooks area queues its deliveries) subscribes here: the outbox knows no area.
import { randomUUID } from "node:crypto";
import type { Prisma } from "../db";
import { eventCatalog, type EventVisibility } from "./catalog";
import { currentActor } from "./context";

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

/** An event just written, as a subscriber is told of it. */
export type RecordedEvent = { id: string; type: string; entityId: string; visibility: EventVisibility; visibleTo: string | null };

/**
 * Runs in the transaction that records events, after they are written: what it writes commits (or
 * rolls back) with them. Gets every event of the call, in order.
 */
export type EventSubscriber = (tx: Prisma.TransactionClient, events: RecordedEvent[]) => Promise<unknown>;

// On globalThis: Next bundles instrumentation (which registers at startup) apart from the routes.
const state = globalThis as typeof globalThis & { __syndicateEventSubscribers?: ReadonlyMap<string, EventSubscriber> };

/**
 * Makes `subscribers` (by name) the ones every recordEvents call runs, in this order; replaces any
 * earlier set. lib/startup's registerApp() registers the application's (the webhooks fan-out).
 */
export const registerEventSubscribers = (subscribers: Record<string, EventSubscriber>) => {
  state.__syndicateEventSubscribers = new Map(Object.entries(subscribers));
};

const subscribers = (): ReadonlyMap<string, EventSubscriber> => {
  const registered = state.__syndicateEventSubscribers;
  if (!registered) {
    throw new Error(
      "The outbox has no event subscribers registered: call registerApp() from lib/startup before recording events (docs/events.md, \"Registration\"); without it the webhooks area would miss these events.",
    );
  }
  return registered;
};

/**
 * Records `events` in `tx`. Call it after the transaction's other writes: from here to the commit,
 * other transactions that record events wait (a few milliseconds), which keeps `seq` in commit order.
 */
export const recordEvents = async (tx: Prisma.TransactionClient, events: EventInput[]): Promise<void> => {
  const actorId = currentActor();
  const catalog = eventCatalog();
  const listeners = subscribers();
  const recorded: RecordedEvent[] = [];
  const rows = events.flatMap((event) => {
    const definition = catalog.byType.get(event.type);
    if (!definition) throw new Error(`Unknown event type ${event.type}: declare it in its area's events.ts and list that in lib/events/catalog.ts`);
    // A private event with no owner could only be shown to admins; it is nobody's news, so not kept.
    if (definition.visibility === "private" && !event.visibleTo) return [];
    const id = `evt_${randomUUID().replaceAll("-", "")}`;
    recorded.push({ id, type: event.type, entityId: event.entityId, visibility: definition.visibility, visibleTo: event.visibleTo ?? null });
    return [{
      id,
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
  // What the subscribers write (the webhook deliveries) commits or rolls back with them.
  for (const subscriber of listeners.values()) await subscriber(tx, recorded);
};

/** One event; see recordEvents. */
export const recordEvent = (tx: Prisma.TransactionClient, event: EventInput) => recordEvents(tx, [event]);

// An event as the API, the stream and webhooks show it (the envelope), from its row. The schema
// that documents it (with the catalog's types) is lib/events/shape.ts.

export type EventRow = {
  seq: bigint;
  id: string;
  type: string;
  entityType: string;
  entityId: string;
  data: unknown;
  actorId: string | null;
  createdAt: Date;
};

export type EventEnvelope = {
  id: string;
  seq: string;
  type: string;
  timestamp: string;
  entity: { type: string; id: string };
  actorId: string | null;
  data: unknown;
};

export const toEvent = (row: EventRow): EventEnvelope => ({
  id: row.id,
  seq: row.seq.toString(),
  type: row.type,
  timestamp: row.createdAt.toISOString(),
  entity: { type: row.entityType, id: row.entityId },
  actorId: row.actorId,
  data: row.data,
});

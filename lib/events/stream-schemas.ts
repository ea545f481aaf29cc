// What a client of the live event stream asks for (GET /api/events/stream): which types, which
// record, and where to resume. Client-safe: imports nothing server-only.
import { z } from "zod";
import { EVENT_TYPES } from "./catalog";
import { ZEventTypeList } from "./schemas";
import { listPattern } from "../core/primitives";

const KNOWN = new Set(EVENT_TYPES);

/** Whether the stream knows this event type (the dashboard asks only for those: an unknown one is a 400). */
export const isKnownEventType = (type: string) => KNOWN.has(type);

/** A position in the event log: a decimal `seq`, as the stream's `id:` lines carry it. */
export const ZEventCursor = z.string().regex(/^\d{1,19}$/, "Must be an event seq: a decimal number as the stream's id: lines carry it");

export const ZEventStreamQuery = z.object({
  // The same list as the event list's `type` (one parser, one message); empty means every type.
  types: z
    .string()
    .max(4000)
    .meta({ pattern: listPattern(EVENT_TYPES, true) })
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(ZEventTypeList.optional())
    .describe("Comma-separated event types to receive (e.g. task.status_changed,deployment.status_changed); default every type"),
  entityType: z.string().min(1).max(64).optional().describe("Only events about records of this type (deployment, task, wallet, …)"),
  entityId: z.string().min(1).max(200).optional().describe("Only events about the record with this id"),
  after: ZEventCursor.optional().describe(
    "Resume after this seq (the last event id received); the Last-Event-ID header, which EventSource sends on reconnect, takes precedence. Neither: start from now, with no backlog",
  ),
});
export type TEventStreamQuery = z.output<typeof ZEventStreamQuery>;

/** The first message of every stream: where it starts (also its `id:`, so a reconnect before any event resumes there). */
export const ZEventStreamReady = z.object({
  cursor: z.string().describe("The seq the stream starts after"),
});

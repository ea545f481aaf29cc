// An event as the API, the stream and webhooks show it: the schema of the envelope, with the
// catalog's types (the OpenAPI document).
import { z } from "zod";
import { EVENT_TYPES } from "./catalog";

export const ZEvent = z.object({
  id: z.string().describe("Unique event id (evt_…); the webhook-id of its deliveries"),
  seq: z.string().describe("Position in the event log, in commit order (a decimal string); the stream's event id"),
  type: z.enum(EVENT_TYPES as [string, ...string[]]).describe("What happened"),
  timestamp: z.string().describe("When the change was committed (ISO 8601)"),
  entity: z.object({ type: z.string(), id: z.string() }).describe("The record it is about"),
  actorId: z.string().nullable().describe("The user whose request made the change, or agent:<id> for an agent's credential; null for the system"),
  data: z.unknown().describe("The type's payload: see the event types"),
});
export type TEvent = z.infer<typeof ZEvent>;

// The envelope is made by the outbox (lib/outbox/envelope.ts), which the webhooks area uses too.
export { toEvent, type EventRow } from "../outbox/envelope";

// The event list's query: client-safe (no database), so the activity page validates its filters
// with the same schema the API does.
import { z } from "zod";
import { decodeCursor, MAX_CURSOR_CHARS, ZPageQuery } from "../core/paging";
import { listPattern } from "../core/primitives";
import { EVENT_DEFINITIONS, EVENT_TYPES } from "./catalog";

/** The entity types events are about ("agent", "quantum_job", "wallet", …), in catalog order. */
export const EVENT_ENTITY_TYPES = [...new Set(EVENT_DEFINITIONS.map((definition) => definition.entityType))] as [string, ...string[]];

const SEQ = /^\d{1,18}$/;

/**
 * A comma-separated list of event types, each one of the catalog's (400 naming the allowed values
 * otherwise); answers the distinct types in the order given.
 */
export const ZEventTypeList = z
  .string()
  .transform((value, context) => {
    const types = [...new Set(value.split(",").map((type) => type.trim()).filter(Boolean))];
    const unknown = types.filter((type) => !EVENT_TYPES.includes(type));
    if (unknown.length > 0 || types.length === 0) {
      context.addIssue({
        code: "custom",
        message: `${unknown.length > 0 ? `unknown event type${unknown.length === 1 ? "" : "s"} ${unknown.map((type) => `'${type}'`).join(", ")}` : "no event type given"}; allowed: ${EVENT_TYPES.join(", ")}`,
      });
    }
    return types;
  })
  .meta({ pattern: listPattern(EVENT_TYPES) })
  .describe(`Comma-separated event types, each one of: ${EVENT_TYPES.join(", ")}`);

export const ZEventListQuery = ZPageQuery.extend({
  cursor: z
    .string()
    .max(MAX_CURSOR_CHARS)
    .regex(/^[A-Za-z0-9_-]*$/, "cursor is not one this API issued")
    .transform((value, context) => {
      if (value === "") return undefined; // the first page, as on every list
      // The events list takes no ?sort=: a cursor carrying one was not issued here.
      const cursor = decodeCursor(value);
      const seq = cursor?.s === undefined ? cursor?.id : undefined;
      if (seq === undefined || !SEQ.test(seq)) context.addIssue({ code: "custom", message: "cursor is not one this API issued" });
      return seq ?? "0";
    })
    .optional()
    .describe("Opaque cursor from the previous page's Link header (empty: the first page)"),
  type: ZEventTypeList.optional(),
  entityType: z.enum(EVENT_ENTITY_TYPES).optional().describe("Only events about records of this type"),
  entityId: z.string().trim().min(1).max(200).optional().describe("Only events about the record with this id (a wallet: its address in lower case)"),
  after: z.string().regex(SEQ, "after must be an event's seq (a decimal number)").optional().describe("Only events after this seq (catching up from the last one seen)"),
  order: z.enum(["desc", "asc"]).default("desc").describe("desc (default): newest first; asc: oldest first, in commit order"),
});
export type TEventListQuery = z.output<typeof ZEventListQuery>;

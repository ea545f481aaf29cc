// Global search (the ⌘K palette): one question across every kind of record that has a page.
// Client-safe: the palette reads the kinds and the result shape from here.
import { z } from "zod";

export const SEARCH_KINDS = ["agent", "squad", "syndicate", "marketplaceItem", "deployment", "task"] as const;
export const ZSearchKind = z.enum(SEARCH_KINDS).describe("What kind of record matched");
export type TSearchKind = z.infer<typeof ZSearchKind>;

export const SEARCH_Q_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;

export const ZSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(SEARCH_Q_MAX, `must be at most ${SEARCH_Q_MAX} characters`)
    .describe("Part of a name (a task's description) or id, any case"),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(SEARCH_LIMIT_MAX, `limit must be at most ${SEARCH_LIMIT_MAX}`)
    .default(5)
    .describe(`Matches per kind, 1–${SEARCH_LIMIT_MAX}`),
});
export type TSearchQuery = z.output<typeof ZSearchQuery>;

export const ZSearchHit = z.object({
  kind: ZSearchKind,
  id: z.string().describe("The record's id"),
  name: z.string().describe("Its name; for a task, its description"),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

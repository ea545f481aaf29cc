// Cursor paging, the data side: the page query, the opaque cursor (base64url of the last key)
// and a page of results. How a page travels over HTTP (Link, X-Total-Count) is the HTTP layer's pagedResponse.
//
// A cursor comes back from the client, so it is input like any other: anything but a cursor this
// API could have issued (not base64url, not UTF-8, not a JSON object of exactly id / s / v, an id or
// value holding NUL or a lone surrogate, a number that is not finite, a sort value of the wrong type
// for its column) is a 400 at query.cursor, before the database sees it.
import { z } from "zod";
import { sortValueOf, type Cursor, type TSort } from "./sorting";

export type { Cursor } from "./sorting";

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** Longest cursor text taken: a task's 2000-character description as a sort value fits with room. */
export const MAX_CURSOR_CHARS = 32_768;
const MAX_ID_CHARS = 256;
const MAX_VALUE_CHARS = 8_192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SORT_TEXT = /^-?[A-Za-z][A-Za-z0-9]{0,63}$/;
// C0 controls (NUL among them) and DEL: no id or stored sort value of this API holds one.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CURSOR_KEYS = new Set(["id", "s", "v"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Text a cursor may carry: well-formed UTF-16, no NUL (PostgreSQL text cannot hold it), bounded. */
export const isCursorText = (value: unknown, max: number, allowControl = false): value is string =>
  typeof value === "string" && value.length <= max && value.isWellFormed() && !(allowControl ? value.includes("\u0000") : CONTROL.test(value));

/** The cursor a query value stands for, or undefined when it is not one this API could have issued. */
export const decodeCursor = (value: string): Cursor | undefined => {
  if (value.length === 0 || value.length > MAX_CURSOR_CHARS || !BASE64URL.test(value)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(Buffer.from(value, "base64url")));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const fields = parsed as Record<string, unknown>;
  if (!Object.keys(fields).every((key) => CURSOR_KEYS.has(key))) return undefined;
  const { id, s, v } = fields;
  if (!isCursorText(id, MAX_ID_CHARS) || id.length === 0) return undefined;
  const cursor: Cursor = { id };
  if (s === undefined && v === undefined) return cursor;
  // A sorted list's cursor carries both its sort and the last row's value.
  if (typeof s !== "string" || !SORT_TEXT.test(s)) return undefined;
  if (typeof v === "number") return Number.isFinite(v) ? { id, s, v } : undefined;
  return isCursorText(v, MAX_VALUE_CHARS, true) ? { id, s, v } : undefined;
};

const NOT_ISSUED = "cursor is not one this API issued: start again without it";

// An empty cursor (`?cursor=`, what a client sends with "no cursor yet" in a variable) is the first
// page; anything else must be a cursor the API issued: base64url text, which the document says.
const cursorParameter = (sortable: boolean) =>
  z
    .string()
    .max(MAX_CURSOR_CHARS)
    .regex(/^[A-Za-z0-9_-]*$/, NOT_ISSUED)
    .transform((value, context) => {
      if (value === "") return undefined;
      const cursor = decodeCursor(value);
      // A list without ?sort= issues cursors without a sort.
      if (!cursor || (!sortable && cursor.s !== undefined)) context.addIssue({ code: "custom", message: NOT_ISSUED });
      return cursor ?? { id: "" };
    })
    .optional()
    .describe("Opaque cursor from the previous page's Link header (empty: the first page)");

const limitParameter = z.coerce
  .number()
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(1000, "limit must be at most 1000")
  .default(100)
  .describe("Page size, 1–1000");

/** The paging query of a list ordered by id. */
export const ZPageQuery = z.object({ limit: limitParameter, cursor: cursorParameter(false) });

/**
 * The paging query of a list that takes `?sort=`: its cursor may carry a sort and a value, which
 * the list's `cursorMatchesSort` refinement (lib/core/sorting.ts) holds to the list's own columns.
 */
export const ZSortablePageQuery = z.object({ limit: limitParameter, cursor: cursorParameter(true) });

export type TPageQuery = z.output<typeof ZPageQuery>;

/** Prisma arguments for a page ordered by id: one row more than asked, to know if a next page exists. */
export const pageArgs = (page: TPageQuery) => ({
  take: page.limit + 1,
  ...(page.cursor ? { cursor: { id: page.cursor.id }, skip: 1 } : {}),
  orderBy: { id: "asc" as const },
});

export type Page<T> = { items: T[]; total: number; nextCursor?: string };

/** The first `limit` rows; with a sort, the next cursor also carries the sort and the last row's sort value. */
export const toPage = <T extends { id: string }>(rows: T[], total: number, limit: number, sort?: TSort): Page<T> => {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const cursor = (): Cursor => (sort ? { id: last.id, s: sort.text, v: sortValueOf(last as unknown as Record<string, unknown>, sort) } : { id: last.id });
  return { items, total, nextCursor: rows.length > limit ? encodeCursor(cursor()) : undefined };
};

// Cursor paging, the data side: the page query, the opaque cursor (base64url of the last key)
// and a page of results. How a page travels over HTTP (Link, X-Total-Count) is the HTTP layer's pagedResponse.
import { z } from "zod";
import { sortValueOf, type Cursor, type TSort } from "./sorting";

export type { Cursor } from "./sorting";

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export const decodeCursor = (value: string): Cursor | undefined => {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (typeof parsed?.id !== "string") return undefined;
    const cursor: Cursor = { id: parsed.id };
    if (typeof parsed.s === "string") cursor.s = parsed.s;
    if (typeof parsed.v === "string" || typeof parsed.v === "number") cursor.v = parsed.v;
    return cursor;
  } catch {
    return undefined;
  }
};

export const ZPageQuery = z.object({
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(1000, "limit must be at most 1000")
    .default(100)
    .describe("Page size, 1–1000"),
  cursor: z
    .string()
    .transform((value, context) => {
      const cursor = decodeCursor(value);
      if (!cursor) context.addIssue({ code: "custom", message: "cursor is not one this API issued" });
      return cursor ?? { id: "" };
    })
    .optional()
    .describe("Opaque cursor from the previous page's Link header"),
});

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

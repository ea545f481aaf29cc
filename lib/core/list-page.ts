// The page part of the list statements (the agent, squad and syndicate lists: fixed statements
// over their read views, docs/database.md "Reads and writes"). Every such statement takes the same seven
// parameters first, made here from the list query, and answers one row: the page as one JSON
// value, each element an array of the list's fields (id first) and then the row's sort value, and
// the total. Arrays, not objects: building an object of five keys per row cost the database more
// than the rest of the page (docs/performance.md). The order is the sort column, then id
// ascending (by id alone without a sort), the cursor's rule and the sort values those of
// sorting.ts: the same as the Prisma lists, so a cursor works across pages and releases.
import { likeLiteral } from "./search";
import type { Cursor, SortValue, TSort } from "./sorting";
import { encodeCursor, type Page } from "./paging";

/**
 * $1 the sort column (null: by id), $2 descending, $3 the cursor's id (null: the first page),
 * $4 / $5 / $6 the cursor's sort value when the column holds text / a number / a time (the others
 * null), $7 the rows to read: one more than the limit, to know whether a next page exists.
 */
export type PageParams = [
  sort: string | null,
  descending: boolean,
  afterId: string | null,
  afterText: string | null,
  afterNumber: number | null,
  afterTime: string | null,
  rows: number,
];

export type PageQuery = { limit: number; cursor?: Cursor; sort?: TSort };

/** The page parameters of a list query (its cursor already checked against its sort: cursorMatchesSort). */
export const pageParams = ({ limit, cursor, sort }: PageQuery): PageParams => {
  const value = sort && cursor ? cursor.v : undefined;
  const kind = sort?.column.kind;
  if (kind === "enum") throw new Error("A list statement sorts by a text, number or time column; an enum sorts in its declared order (Prisma lists).");
  return [
    sort?.column.column ?? null,
    sort?.desc ?? false,
    cursor?.id ?? null,
    kind === "string" && typeof value === "string" ? value : null,
    kind === "number" && typeof value === "number" ? value : null,
    // A time travels as its ISO text (sortValue writes it so); the column reads it as UTC.
    kind === "date" && typeof value === "string" ? value : null,
    limit + 1,
  ];
};

/** A text filter's parameter: the text as a LIKE pattern of itself (its % and _ escaped), or null for no filter. */
export const filterText = (text: string | undefined): string | null => (text ? likeLiteral(text) : null);

/**
 * The row a list statement answers: the page (at most limit + 1 rows, in the list's order, each
 * the list's fields, id first, then the sort value: null without a sort) and the total.
 */
export type ListPageRow<Fields extends [id: string, ...rest: unknown[]]> = { page: [...Fields, SortValue | null][]; total: number };

/**
 * The Page of a list statement's row: its first `limit` rows made items by `toItem`, and the next
 * cursor when there are more (the last item's id and, for a sorted list, the sort and that row's
 * sort value), as toPage writes it.
 */
export const pageOf = <Fields extends [id: string, ...rest: unknown[]], Item>(
  row: ListPageRow<Fields>,
  query: PageQuery,
  toItem: (fields: Fields) => Item,
): Page<Item> => {
  const { limit, sort } = query;
  const items = row.page.slice(0, limit).map((fields) => toItem(fields as unknown as Fields));
  let nextCursor: string | undefined;
  if (row.page.length > limit) {
    const last = row.page[limit - 1];
    const id = last[0] as string;
    nextCursor = encodeCursor(sort ? { id, s: sort.text, v: (last[last.length - 1] as SortValue | null) ?? undefined } : { id });
  }
  return { items, total: row.total, nextCursor };
};

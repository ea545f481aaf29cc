// `?sort=field` / `?sort=-field` on the list operations: an allow-list of fields per resource, a
// stable tie-break by id (ascending), and keyset paging whose cursor carries the sort and the last
// row's sort value, so the next page continues exactly after it even if that row has since gone.
import { z } from "zod";

/** Where a page ends: the last row's id and, for a sorted list, the sort (s) and that row's value (v). */
export type Cursor = { id: string; s?: string; v?: SortValue };

/**
 * How a public sort field maps to a column (non-null columns only: a null has no place in keyset
 * order). `integer`: a number column of type integer, so a cursor's value must be a whole int32.
 */
export type SortColumn =
  | { column: string; kind: "string" | "date" }
  | { column: string; kind: "number"; integer?: boolean }
  | { column: string; kind: "enum"; values: readonly string[] };

export type SortFields = Record<string, SortColumn>;

/** A list query's type with the sort optional (callers in code may leave it out). */
export type Sortable<T> = Omit<T, "sort"> & { sort?: TSort };

/** A parsed sort: its public text ("-name"), the column and the direction. */
export type TSort = { text: string; column: SortColumn; desc: boolean };

export type SortValue = string | number;

/** The allowed `sort` values of a resource, ascending and descending. */
export const sortValues = (fields: SortFields) => Object.keys(fields).flatMap((name) => [name, `-${name}`]);

/** The query parameter: one of the allowed values (400 naming them otherwise); absent means by id. */
export const ZSort = (fields: SortFields) => {
  const allowed = sortValues(fields) as [string, ...string[]];
  return z
    .enum(allowed, { error: () => `sort must be one of: ${allowed.join(", ")}` })
    .optional()
    .transform((text): TSort | undefined => (text === undefined ? undefined : { text, column: fields[text.replace(/^-/, "")], desc: text.startsWith("-") }))
    .describe(`Order of the list: a field name ascending, or -name descending; ties by id. One of: ${allowed.join(", ")}`);
};

/** The refinement a sortable list query adds: a cursor belongs to the order it was issued for. */
export const CURSOR_OF_ANOTHER_SORT = {
  path: ["cursor"],
  message: "cursor belongs to another sort order or is not one this API issued: start again without it",
};

// What toISOString writes (sortValueOf, and sortValueSql's to_char): years 0001–9999, UTC.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Whether `value` is one the column could have given the cursor (so the database gets a value of its type). */
const fitsColumn = (column: SortColumn, value: SortValue): boolean => {
  switch (column.kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value) && (!column.integer || (Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX));
    case "date": {
      if (typeof value !== "string" || !ISO_INSTANT.test(value) || value.startsWith("0000")) return false;
      const time = Date.parse(value);
      return Number.isFinite(time) && new Date(time).toISOString() === value;
    }
    case "enum":
      return typeof value === "string" && column.values.includes(value);
    case "string":
      return typeof value === "string";
  }
};

/**
 * A cursor belongs to the order it was issued for, and its value is one that order's column can
 * hold: a cursor of another order, or one whose value was crafted (a number for a date, an unknown
 * status, a non-integer for an integer column), is refused.
 */
export const cursorMatchesSort = (query: { cursor?: Cursor; sort?: TSort }) => {
  const { cursor, sort } = query;
  if (!cursor) return true;
  if ((cursor.s ?? "") !== (sort?.text ?? "")) return false;
  if (!sort) return cursor.v === undefined;
  return cursor.v !== undefined && fitsColumn(sort.column, cursor.v);
};

const valueOf = (column: SortColumn, value: SortValue) => (column.kind === "date" ? new Date(value) : value);

/** Prisma arguments of one sorted page: the filter and the rows after the cursor, the order, one row more than asked. */
export const sortedPageArgs = <W extends object>(query: { limit: number; cursor?: Cursor; sort?: TSort }, where: W) => ({
  where: (query.cursor ? { AND: [where, afterCursor(query.cursor, query.sort)] } : where) as W,
  // Typed as the one column every model has: the column is one of the model's, from its allow-list.
  orderBy: sortOrder(query.sort) as unknown as { id: "asc" | "desc" }[],
  take: query.limit + 1,
});

/** The Prisma `where` that keeps only the rows after the cursor in the given order. */
export const afterCursor = (cursor: Cursor, sort: TSort | undefined): Record<string, unknown> => {
  if (!sort || cursor.v === undefined) return { id: { gt: cursor.id } };
  const { column, desc } = sort;
  if (column.column === "id") return { id: desc ? { lt: cursor.id } : { gt: cursor.id } };
  const value = valueOf(column, cursor.v);
  const sameValueLaterId = { [column.column]: value, id: { gt: cursor.id } };
  if (column.kind === "enum") {
    // Enums order by their declared position, and Prisma offers no gt/lt on them: list the later values.
    const position = column.values.indexOf(String(value));
    const later = desc ? column.values.slice(0, Math.max(0, position)) : column.values.slice(position + 1);
    return { OR: [{ [column.column]: { in: [...later] } }, sameValueLaterId] };
  }
  return { OR: [{ [column.column]: desc ? { lt: value } : { gt: value } }, sameValueLaterId] };
};

/** The Prisma `orderBy`: the sort column, then id ascending as the tie-break. */
export const sortOrder = (sort: TSort | undefined) =>
  sort && sort.column.column !== "id" ? [{ [sort.column.column]: sort.desc ? "desc" : "asc" }, { id: "asc" }] : [{ id: sort?.desc ? "desc" : "asc" }];

/** A row's sort value for the next cursor. */
export const sortValueOf = (row: Record<string, unknown>, sort: TSort | undefined): SortValue | undefined => {
  if (!sort) return undefined;
  const value = row[sort.column.column];
  return value instanceof Date ? value.toISOString() : (value as SortValue);
};

// The keyset paging of lib/core/sorting.ts written as SQL fragments, for the hot lists read in one
// raw statement (lib/agents/list-sql.ts). The same order (sort column, then id ascending) and the
// same "after the cursor" rule as sortedPageArgs gives Prisma, so a cursor issued by either works
// with the other. Columns come from a resource's allow-list (never from the request); values are
// always parameters.
import { likeLiteral } from "./search";
import type { Cursor, SortColumn, TSort } from "./sorting";

/** Collects the parameters of one statement and names each as $n. */
export type SqlParams = { values: unknown[]; add: (value: unknown) => string };

export const sqlParams = (): SqlParams => {
  const values: unknown[] = [];
  return { values, add: (value) => `$${values.push(value)}` };
};

/** The column of row `alias` (quoted: Prisma's columns are camelCase). */
export const columnOf = (alias: string, column: SortColumn | string) => `${alias}."${typeof column === "string" ? column : column.column}"`;

/** `ORDER BY` of a sorted page: the sort column, then id ascending (by id alone without a sort). */
export const orderBySql = (alias: string, sort: TSort | undefined) =>
  sort && sort.column.column !== "id"
    ? `${columnOf(alias, sort.column)} ${sort.desc ? "DESC" : "ASC"}, ${alias}.id ASC`
    : `${alias}.id ${sort?.desc ? "DESC" : "ASC"}`;

/**
 * The condition that keeps only the rows after `cursor` in the given order (as afterCursor does).
 * The cursor's value is a parameter as it is: a date as its ISO text (a `timestamp` column reads
 * it as UTC, as Prisma writes it), a number or a string; an enum compares in its declared order,
 * the order Prisma's list of later values follows.
 */
export const afterCursorSql = (alias: string, cursor: Cursor, sort: TSort | undefined, params: SqlParams) => {
  if (!sort || cursor.v === undefined) return `${alias}.id > ${params.add(cursor.id)}`;
  if (sort.column.column === "id") return `${alias}.id ${sort.desc ? "<" : ">"} ${params.add(cursor.id)}`;
  const column = columnOf(alias, sort.column);
  const value = cursor.v;
  return `(${column} ${sort.desc ? "<" : ">"} ${params.add(value)} OR (${column} = ${params.add(value)} AND ${alias}.id > ${params.add(cursor.id)}))`;
};

/** The select expression of the sort column's value for the next cursor (dates as ISO text, as sortValueOf writes them). */
export const sortValueSql = (alias: string, sort: TSort | undefined) => {
  if (!sort) return undefined;
  const column = columnOf(alias, sort.column);
  return sort.column.kind === "date" ? `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : column;
};

/** `containsInsensitive` (lib/core/search.ts) as Prisma writes it: ILIKE, the text's wildcards escaped. */
export const containsSql = (column: string, value: string, params: SqlParams) => `${column} ILIKE ('%' || ${params.add(likeLiteral(value))} || '%')`;

/** `equalsInsensitive` (lib/core/search.ts) as Prisma writes it on PostgreSQL: ILIKE, the text's wildcards escaped. */
export const equalsInsensitiveSql = (column: string, value: string, params: SqlParams) => `${column} ILIKE ${params.add(likeLiteral(value))}`;

// A list page and its total in one SQL statement (the agent, squad and syndicate lists): one round
// trip, and one field for the driver to parse — the page as a JSON array of rows, each row a JSON
// array of the list's fields (then the sort value, for the next cursor) — where a row of columns
// each took the driver more work than the statement took the database. The order, the cursor rule
// and the sort values are those of sorting-sql.ts (lib/core/sorting.ts), so cursors work across.
//
// The total is exact. Without filters it is read from "RowCount", which triggers keep equal to the
// table's count in the same transaction as every insert, delete and truncate (migration
// 20261124061029_row_counts; docs/performance.md): counting 100,000 agents on every page cost more
// than the rest of the request. With filters it is counted.
import { afterCursorSql, columnOf, orderBySql, sortValueSql, type SqlParams } from "./sorting-sql";
import type { Cursor, SortValue, TSort } from "./sorting";
import { encodeCursor, type Page } from "./paging";

/** The tables whose row count "RowCount" keeps. */
export type CountedTable = "Agent" | "Squad" | "Syndicate";

/** The exact row count of `table` (the counted rows, or a count should the row be missing). */
export const tableCountSql = (table: CountedTable) =>
  `coalesce((SELECT "rows"::int FROM "RowCount" WHERE "name" = '${table}'), (SELECT count(*)::int FROM "${table}"))`;

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "");

export type ListSpec = {
  /** The listed table, also its total's table. */
  table: CountedTable;
  /** The alias of its row in `from` and in the filters. */
  alias: string;
  /** FROM of the page: the table and any one-to-one joins. */
  from: string;
  /** The select list of the page, `alias`'s columns named as they are (plus joined values `AS "name"`). */
  select: string[];
  /** The names `select` gives its columns (the sort column is added when it is not one of them). */
  selected: string[];
  /** Each row's fields, in order, as expressions over the page row `p` (correlated subqueries allowed). */
  fields: string[];
  /** The filters' conditions on `alias`, their values in `params`. */
  filters: string[];
  query: { limit: number; cursor?: Cursor; sort?: TSort };
  params: SqlParams;
};

/**
 * The statement of one page: columns `page` (a JSON array of `limit + 1` rows at most, after the
 * cursor, in the list's order, each `[...fields, sortValue?]`) and `total` (the rows the filters keep,
 * the cursor aside).
 */
export const listPageSql = (spec: ListSpec) => {
  const { alias, query, params } = spec;
  const conditions = [...spec.filters];
  if (query.cursor) conditions.push(afterCursorSql(alias, query.cursor, query.sort, params));
  const select = [...spec.select];
  const sortColumn = query.sort?.column.column;
  if (sortColumn && !spec.selected.includes(sortColumn)) select.push(columnOf(alias, sortColumn));
  const sortValue = sortValueSql(alias, query.sort);
  if (sortValue) select.push(`${sortValue} AS "sortValue"`);
  const fields = sortValue ? [...spec.fields, `p."sortValue"`] : spec.fields;
  const total = spec.filters.length === 0 ? tableCountSql(spec.table) : `(SELECT count(*)::int FROM "${spec.table}" ${alias} ${whereOf(spec.filters)})`;
  const text = `SELECT (SELECT coalesce(json_agg(json_build_array(${fields.join(", ")}) ORDER BY ${orderBySql("p", query.sort)}), '[]')
    FROM (SELECT ${select.join(", ")} FROM ${spec.from} ${whereOf(conditions)}
      ORDER BY ${orderBySql(alias, query.sort)} LIMIT ${params.add(query.limit + 1)}) p) AS page,
  ${total} AS total`;
  return { text, values: params.values };
};

/** A row of listPageSql: the page (parsed by pg, text from some drivers) and the total. */
export type ListPageRow = { page: unknown[][] | string; total: number };

/**
 * The Page of a listPageSql row: its first `limit` rows made items by `toItem` (which reads the
 * fields, id first), and the next cursor as toPage writes it (the last row's id and, for a sorted
 * list, the sort and its value).
 */
export const pageOfRow = <T>(row: ListPageRow, query: { limit: number; sort?: TSort }, toItem: (fields: unknown[]) => T): Page<T> => {
  const rows = typeof row.page === "string" ? (JSON.parse(row.page) as unknown[][]) : row.page;
  const items = rows.slice(0, query.limit).map(toItem);
  let nextCursor: string | undefined;
  if (rows.length > query.limit) {
    const last = rows[query.limit - 1];
    const id = last[0] as string;
    nextCursor = encodeCursor(query.sort ? { id, s: query.sort.text, v: last[last.length - 1] as SortValue } : { id });
  }
  return { items, total: row.total, nextCursor };
};

// The one way a list page reads its search params: validated once with the list API's own query
// schema; a bad filter is dropped and named (the other filters stay); a stale cursor falls back to
// the first page; links keep the filters, the sort and the page size. Pure: server pages call it, tests too.
import type { z } from "zod";
import { unstorableText } from "@/lib/core/text";

export type RawSearchParams = Record<string, string | string[] | undefined>;
/** The list's current search params as strings: what links and the filter form carry forward. */
export type ListValues = Record<string, string | undefined>;

export type ListParams<Q> = {
  /** The validated query for the list operation. */
  query: Q;
  /** The params in effect (bad ones removed). */
  values: ListValues;
  /** The names of the filters (or the sort, or the page size) that were not understood and were ignored. */
  invalid: string[];
  /** Rows per page: the chosen `limit`, or the page's default. */
  pageSize: number;
};

/** The page sizes a list offers (`?limit=`); a list whose default is not one of them passes its own. */
export const PAGE_SIZES: readonly number[] = [25, 50, 100];

// A page number travels beside its cursor (the cursor alone does not say where it is): digits, no sign.
const PAGE_NUMBER = /^[1-9][0-9]{0,8}$/;

export const firstParam = (value: string | string[] | undefined) => {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined || one.trim() === "" ? undefined : one;
};

/**
 * Reads `keys` (the list's filters), `sort`, `limit`, `cursor` and `page` from the search params and
 * validates them with `schema` at the chosen page size (one of `pageSizes` or `pageSize`, its default). Each
 * param an issue points at is dropped and parsing is retried. `page` is kept only beside a cursor the
 * schema took (the first page has neither); a bad one is dropped quietly, like a stale cursor.
 */
export const parseListParams = <S extends z.ZodType>(
  schema: S,
  raw: RawSearchParams,
  keys: readonly string[],
  pageSize: number,
  pageSizes: readonly number[] = PAGE_SIZES,
): ListParams<z.output<S>> => {
  const values: ListValues = {};
  const invalid: string[] = [];
  for (const key of [...keys, "sort", "cursor"]) {
    const value = firstParam(raw[key]);
    // Text no query can hold (a NUL byte, a lone surrogate) is a bad filter like any other.
    if (value !== undefined && unstorableText(value)) {
      if (key !== "cursor") invalid.push(key);
    } else if (value !== undefined) values[key] = value;
  }
  const limit = firstParam(raw.limit);
  const chosen = [...pageSizes, pageSize].find((size) => String(size) === limit);
  if (limit !== undefined && chosen === undefined) invalid.push("limit");
  const rows = chosen ?? pageSize;
  const page = firstParam(raw.page);
  const paging = ({ cursor, ...kept }: ListValues): ListValues => ({
    ...kept,
    ...(chosen === undefined ? {} : { limit: String(chosen) }),
    ...(cursor ? { cursor, ...(page && page !== "1" && PAGE_NUMBER.test(page) ? { page } : {}) } : {}),
  });
  for (;;) {
    const parsed = schema.safeParse({ ...values, limit: rows });
    if (parsed.success) return { query: parsed.data, values: paging(values), invalid, pageSize: rows };
    const bad = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")))].filter((key) => values[key] !== undefined);
    // Nothing left to drop: the schema refuses even its defaults (a programming error, not input).
    if (bad.length === 0) return { query: schema.parse({ limit: rows }), values: paging({}), invalid: [...invalid, ...Object.keys(values)], pageSize: rows };
    for (const key of bad) {
      delete values[key];
      // A cursor from another page or sort is not the visitor's mistake: start at the first page quietly.
      if (key !== "cursor") invalid.push(key);
    }
  }
};

/**
 * A link to the list with the given values changed (undefined removes one); any change but paging
 * starts at the first page (the cursor and the page number go unless `changes` gives them).
 */
export const listHref = (basePath: string, values: ListValues, changes: ListValues = {}) => {
  const params = new URLSearchParams();
  const next = { ...values, cursor: undefined, page: undefined, ...changes };
  for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
};

export type SortState = { field: string; direction: "ascending" | "descending" } | undefined;

/** The current sort from its text ("-name" → name, descending). */
export const sortState = (sort: string | undefined): SortState =>
  sort ? { field: sort.replace(/^-/, ""), direction: sort.startsWith("-") ? "descending" : "ascending" } : undefined;

/** What clicking a column header sorts by: ascending first, then the other way round. */
export const nextSort = (sort: string | undefined, field: string) => (sort === field ? `-${field}` : field);

type PageFacts = { page?: string; pageSize?: number; total: number; shown: number; hasNext: boolean };

/**
 * Where a page sits in its list: its number, the page count and its rows' places. `page` is the page
 * number ("1" on the first page, the URL's beside a cursor, undefined when a cursor came without one),
 * `pageSize` the rows per page when the page knows it. Without a size, a page with a next one is full
 * (its rows are the size) and the last page ends at the total. Undefined when that is not known: no
 * number, a number past the page count, or numbers that no longer agree.
 */
export const pagePosition = ({ page, pageSize, total, shown, hasNext }: PageFacts) => {
  const number = Number(page);
  if (page === undefined || shown === 0 || !Number.isSafeInteger(number) || number < 1) return undefined;
  const size = pageSize ?? (hasNext ? shown : undefined);
  const pages = size === undefined ? number : Math.max(1, Math.ceil(total / size));
  const first = size === undefined ? total - shown + 1 : (number - 1) * size + 1;
  const last = first + shown - 1;
  // Rows added or removed since the first page can make the numbers disagree: then say less.
  if (number > pages || first < number || last > total) return undefined;
  return { page: number, pages, first, last };
};

/** What the pager says: "Page 2 of 12 · 26–50 of 290", or only "Showing 25 of 290" when the page is not known. */
export const pagerText = (facts: PageFacts) => {
  const position = pagePosition(facts);
  return position
    ? `Page ${position.page} of ${position.pages} · ${position.first}–${position.last} of ${facts.total}`
    : `Showing ${facts.shown} of ${facts.total}`;
};

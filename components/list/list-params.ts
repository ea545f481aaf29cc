// The one way a list page reads its search params: validated once with the list API's own query
// schema; a bad filter is dropped and named (the other filters stay); a stale cursor falls back to
// the first page; links keep the filters and the sort. Pure: server pages call it, tests too.
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
  /** The names of the filters (or the sort) that were not understood and were ignored. */
  invalid: string[];
};

export const firstParam = (value: string | string[] | undefined) => {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined || one.trim() === "" ? undefined : one;
};

/**
 * Reads `keys` (the list's filters), `sort` and `cursor` from the search params and validates them
 * with `schema` at `pageSize` rows. Each param an issue points at is dropped and parsing is retried.
 */
export const parseListParams = <S extends z.ZodType>(schema: S, raw: RawSearchParams, keys: readonly string[], pageSize: number): ListParams<z.output<S>> => {
  const values: ListValues = {};
  const invalid: string[] = [];
  for (const key of [...keys, "sort", "cursor"]) {
    const value = firstParam(raw[key]);
    // Text no query can hold (a NUL byte, a lone surrogate) is a bad filter like any other.
    if (value !== undefined && unstorableText(value)) {
      if (key !== "cursor") invalid.push(key);
    } else if (value !== undefined) values[key] = value;
  }
  for (;;) {
    const parsed = schema.safeParse({ ...values, limit: pageSize });
    if (parsed.success) return { query: parsed.data, values, invalid };
    const bad = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")))].filter((key) => values[key] !== undefined);
    // Nothing left to drop: the schema refuses even its defaults (a programming error, not input).
    if (bad.length === 0) return { query: schema.parse({ limit: pageSize }), values: {}, invalid: [...invalid, ...Object.keys(values)] };
    for (const key of bad) {
      delete values[key];
      // A cursor from another page or sort is not the visitor's mistake: start at the first page quietly.
      if (key !== "cursor") invalid.push(key);
    }
  }
};

/** A link to the list with the given values changed (undefined removes one); any change but paging starts at the first page. */
export const listHref = (basePath: string, values: ListValues, changes: ListValues = {}) => {
  const params = new URLSearchParams();
  const next = { ...values, ...("cursor" in changes ? {} : { cursor: undefined }), ...changes };
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

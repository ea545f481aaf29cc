// The read views (docs/database.md, "Reads and writes") are created by a migration and declared in
// schema.prisma as `view` blocks, which type the generated client and the hot reads' rows.
// Prisma's schema engine does not compare views: the drift check (drift.test.ts) passes whatever a
// view block says. This test compares them instead, on the migrated database of the run's mode:
// every view block names a view with exactly the block's columns, each of the type Prisma reads
// it as, and the database has no view that schema.prisma lacks.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useApiTest } from "../helpers/api";

// The PostgreSQL type of each Prisma scalar as a view column has it (pg_type's name).
const POSTGRES_TYPE: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Float: "float8",
  Boolean: "bool",
  DateTime: "timestamp",
  Json: "json",
};

type Columns = Record<string, string>;

/** The view blocks of schema.prisma: each view's columns and their PostgreSQL types. */
const declaredViews = (schema: string): Record<string, Columns> => {
  const views: Record<string, Columns> = {};
  for (const [, name, body] of schema.matchAll(/^view (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const columns: Columns = {};
    for (const line of body.split("\n")) {
      const field = /^\s*(\w+)\s+(\w+)(\[\])?\??(\s|$)/.exec(line);
      if (!field || line.trim().startsWith("//") || line.trim().startsWith("@@")) continue;
      const [, column, type, list] = field;
      columns[column] = list ? `_${POSTGRES_TYPE[type]}` : POSTGRES_TYPE[type];
    }
    views[name] = columns;
  }
  return views;
};

const api = useApiTest();

describe("the read views", () => {
  it("are in the migrated database exactly as schema.prisma declares them", async () => {
    const declared = declaredViews(readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8"));
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    // The catalog itself: information_schema's views cost seconds on the embedded database.
    const rows = await api.db.sql.query<{ view: string; column: string; type: string }>(
      `SELECT c.relname AS view, a.attname AS column, t.typname AS type
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         JOIN pg_type t ON t.oid = a.atttypid
        WHERE c.relkind = 'v' AND n.nspname = current_schema()
        ORDER BY c.relname, a.attnum`,
    );
    const actual: Record<string, Columns> = {};
    for (const row of rows) (actual[row.view] ??= {})[row.column] = row.type;
    expect(actual).toEqual(declared);
  });
});

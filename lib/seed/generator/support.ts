// Shared plumbing of the seed: the client type every area writes through, time arithmetic
// relative to the epoch, ids, and set-based bulk inserts.
import type { Prisma } from "../../db";
import type { Prng } from "./prng";

/** The Prisma client or an interactive transaction; the seed writes through either. */
export type SeedDb = Prisma.TransactionClient;

/** What every area receives: where to write, its random stream, and the "now" of the data. */
export type SeedContext = {
  db: SeedDb;
  rng: Prng;
  epoch: Date;
  log: (message: string) => void;
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The instant `ms` milliseconds before the epoch. */
export const before = (epoch: Date, ms: number) => new Date(epoch.getTime() - Math.round(ms));

/** The instant `ms` milliseconds after `date`. */
export const after = (date: Date, ms: number) => new Date(date.getTime() + Math.round(ms));

/** 00:00 UTC on the first day of the month `monthsBack` months before the epoch's month. */
export const monthStart = (epoch: Date, monthsBack: number) =>
  new Date(Date.UTC(epoch.getUTCFullYear(), epoch.getUTCMonth() - monthsBack, 1));

/** YYYY-MM-DD of a date (UTC). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The earlier of two dates. */
export const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** `prefix-0007`: at least four digits, so ids of the default seed sort in creation order. */
export const serialId = (prefix: string, index: number) => `${prefix}-${String(index + 1).padStart(4, "0")}`;

// Set-based inserts for the large tables: one statement per batch whose only parameter is the
// batch as a JSON array, turned into rows by jsonb_to_recordset with the table's own column
// types (arrays from JSON arrays, timestamps from ISO strings, numeric and bigint from strings).
// About 40× faster than createMany at 100,000 agents; the rows are the same, to the value.
const BULK_ROWS = 10_000;

const columnTypes = new WeakMap<SeedDb, Map<string, Map<string, string>>>();

const typesOf = async (db: SeedDb, table: string) => {
  let tables = columnTypes.get(db);
  if (!tables) columnTypes.set(db, (tables = new Map()));
  let types = tables.get(table);
  if (!types) {
    const rows = await db.$queryRawUnsafe<{ name: string; type: string }[]>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = format('%I', $1::text)::regclass AND attnum > 0 AND NOT attisdropped`,
      table,
    );
    types = new Map(rows.map((row) => [row.name, row.type]));
    tables.set(table, types);
  }
  return types;
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

// Dates as ISO strings (read as UTC by a timestamp column), bigints as strings; Decimal has its toJSON.
const jsonValue = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

const insertGroup = async (db: SeedDb, table: string, types: Map<string, string>, columns: string[], rows: readonly object[]) => {
  const unknown = columns.filter((column) => !types.has(column));
  if (unknown.length > 0) throw new Error(`bulkInsert: ${table} has no column ${unknown.join(", ")}`);
  const list = columns.map(quoteIdent).join(", ");
  const shape = columns.map((column) => `${quoteIdent(column)} ${types.get(column)}`).join(", ");
  const sql = `INSERT INTO ${quoteIdent(table)} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS r(${shape})`;
  for (let start = 0; start < rows.length; start += BULK_ROWS) {
    await db.$executeRawUnsafe(sql, JSON.stringify(rows.slice(start, start + BULK_ROWS), jsonValue));
  }
};

/**
 * Inserts `rows` into `table` (a model's table), one statement per batch. As with createMany, a
 * key a row lacks (or leaves undefined) takes the column's default: rows are grouped by the keys
 * they set, and each group names only its own columns.
 */
export const bulkInsert = async <T extends object>(db: SeedDb, table: string, rows: readonly T[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const types = await typesOf(db, table);
  const groups = new Map<string, { columns: string[]; rows: T[] }>();
  for (const row of rows) {
    const columns = Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);
    const signature = columns.join("\u0000");
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { columns, rows: [] }));
    group.rows.push(row);
  }
  for (const group of groups.values()) await insertGroup(db, table, types, group.columns, group.rows);
  return rows.length;
};

/** "12,345" */
export const formatCount = (value: number) => value.toLocaleString("en-US");

/**
 * Updates rows of `table` by id, one statement per batch (as bulkInsert: the batch is the one
 * parameter, as JSON). Every row sets the same columns, those of the first row.
 */
export const bulkUpdate = async <T extends { id: string }>(db: SeedDb, table: string, rows: readonly T[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const types = await typesOf(db, table);
  const columns = Object.keys(rows[0]);
  const unknown = columns.filter((column) => !types.has(column));
  if (unknown.length > 0) throw new Error(`bulkUpdate: ${table} has no column ${unknown.join(", ")}`);
  const sets = columns.filter((column) => column !== "id").map((column) => `${quoteIdent(column)} = r.${quoteIdent(column)}`).join(", ");
  const shape = columns.map((column) => `${quoteIdent(column)} ${types.get(column)}`).join(", ");
  const sql = `UPDATE ${quoteIdent(table)} t SET ${sets} FROM jsonb_to_recordset($1::jsonb) AS r(${shape}) WHERE t.id = r.id`;
  for (let start = 0; start < rows.length; start += BULK_ROWS) {
    await db.$executeRawUnsafe(sql, JSON.stringify(rows.slice(start, start + BULK_ROWS), jsonValue));
  }
  return rows.length;
};

// Shared plumbing of the seed: the client type every area writes through, time arithmetic
// relative to the epoch, ids, and chunked bulk inserts.
import type { Prisma } from "../db";
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

// PostgreSQL takes at most 65,535 bind parameters per statement; stay well below, and never
// send more than 5,000 rows in one call.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 5_000;

/** Inserts `rows` with one createMany call per chunk; `columns` is the row width. */
export const insertChunks = async <T>(
  rows: readonly T[],
  columns: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<number> => {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
  return rows.length;
};

/** "12,345" */
export const formatCount = (value: number) => value.toLocaleString("en-US");

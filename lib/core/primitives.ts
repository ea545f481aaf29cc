// Shared zod primitives that keep input inside what the database can store, so that an out-of-
// range value is a 400 naming the field, never a database error. Area schemas build on these.
import { z } from "zod";

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
export const INT64_MAX = 9_223_372_036_854_775_807n;

/** A whole number that fits a PostgreSQL `integer` column. */
export const int32 = () =>
  z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(INT32_MIN, `must be at least ${INT32_MIN}`)
    .max(INT32_MAX, `must be at most ${INT32_MAX}`);

/**
 * Whether a client-chosen id can be addressed by a URL path. "." and ".." (also sent as %2E) are
 * dot segments that URL resolution removes, so /api/agents/../details reaches another route: an
 * id spelled so could be created but never read, replaced or deleted.
 */
export const isAddressableId = (id: string) => id !== "." && id !== "..";
export const NOT_ADDRESSABLE = "must not be '.' or '..' (a URL path cannot address it)";
/** The document's pattern of an addressable id (the checks above, as one regular expression). */
export const ADDRESSABLE_ID_PATTERN = "^(?!\\.{1,2}$)[A-Za-z0-9._-]*$";

/** A client-chosen id: 1–128 letters, digits, `-`, `_`, `.` (agents, squads and syndicates alike). */
export const ZEntityId = z
  .string()
  .min(1, "must not be empty")
  .max(128, "must be at most 128 characters")
  .regex(/^[A-Za-z0-9._-]*$/, "may only contain letters, digits, '-', '_' and '.'")
  .refine(isAddressableId, NOT_ADDRESSABLE)
  .meta({ pattern: ADDRESSABLE_ID_PATTERN });
const CLIENT_CHOSEN_ID_PATTERN = "^(?!\\.{1,2}$)[A-Za-z0-9._-]{1,128}$";

/**
 * A value of the API document read when the document is built rather than when the schema is
 * declared (a server setting, the event catalog): `.meta({ maximum: readAtBuild(shotsMax) })`.
 */
export const readAtBuild = <T>(read: () => T): T => read as unknown as T;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The document's pattern of a comma-separated list of `values` (each one of them, at least one; or, `orBlank`, nothing). */
export const listPattern = (values: readonly string[], orBlank = false) => {
  const one = `(?:${values.map(escapeRegExp).join("|")})`;
  return orBlank ? `^(?:\\s*|${one}(?:,${one})*)$` : `^${one}(?:,${one})*$`;
};

/** A client-chosen record id (deployments, marketplace items, tasks): 1–128 letters, digits, '-', '_' or '.', addressable. */
export const clientChosenId = () =>
  z
    .string({ error: "must be a string" })
    .regex(/^[A-Za-z0-9._-]{1,128}$/, "must be 1–128 letters, digits, '-', '_' or '.'")
    .refine(isAddressableId, NOT_ADDRESSABLE)
    .meta({ pattern: CLIENT_CHOSEN_ID_PATTERN })
    .describe("Client-chosen id: 1–128 letters, digits, '-', '_' or '.' (not '.' or '..')");

/** A non-negative whole number as a decimal string that fits a PostgreSQL `bigint` column. */
export const fitsInt64 = (value: string) => /^\d{1,19}$/.test(value) && BigInt(value) <= INT64_MAX;

// PostgreSQL timestamps, as Prisma writes them, take years 1 to 9999.
const EARLIEST = Date.parse("0001-01-01T00:00:00Z");
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO 8601 date-time with an offset, that is a real instant between the years 1 and 9999 (UTC). */
export const isoDateTime = (message = "must be an ISO 8601 date-time") =>
  z.iso.datetime({ offset: true, message }).refine((value) => {
    const time = Date.parse(value);
    // Unparsable text was already refused by the format check: one message is enough.
    return !Number.isFinite(time) || (time >= EARLIEST && time <= LATEST);
  }, "must be a date-time between the years 1 and 9999 (UTC)");

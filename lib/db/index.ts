// The one Prisma client of the process, opened lazily from the environment (embedded PGlite in
// DATA_DIR, or the server at DATABASE_URL), and its migration at start-up.
import { env, type TEnv } from "../config/env";
import { openDatabase, type DbHandle, type DbOptions } from "./client";
import { applyMigrations } from "./migrate";
import { retryOnConflict } from "./retry";
import { readWith, type ReadStatement } from "./statement";
import type { PrismaClient } from "./generated/client";

export type { DbHandle, DbOptions, SqlRunner, DbMode, QueryOptions } from "./client";
export { openDatabase } from "./client";
export { applyMigrations, readMigrations } from "./migrate";
export { isTransientConflict, retryOnConflict } from "./retry";
export { Prisma } from "./generated/client";
export type { PrismaClient } from "./generated/client";
// The read views' row types (schema.prisma, `view` blocks).
export type { AgentDetails, AgentListItem, SquadDetails, SquadListItem, SyndicateDetails, SyndicateListItem } from "./generated/client";
export { readStatement, readIn, readWith, type ReadStatement, type WithDocuments } from "./statement";
export * from "./generated/enums";

// Kept on globalThis so that module reloads (next dev) never open a second PGlite on one folder.
const state = globalThis as typeof globalThis & { __syndicateDb?: DbHandle; __syndicateDbReady?: Promise<void> };

export const optionsFromEnv = (config: TEnv = env()): DbOptions => {
  const timeouts = {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    transactionMs: config.DATABASE_TRANSACTION_TIMEOUT_MS,
  };
  return config.DATABASE_URL
    ? { mode: "server", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, timeouts }
    : { mode: "embedded", dataDir: config.DATA_DIR === ":memory:" ? undefined : config.DATA_DIR, timeouts };
};

export const getDb = (): DbHandle => (state.__syndicateDb ??= openDatabase(optionsFromEnv()));

/** The rows of a fixed read statement (statement.ts) through the process's SQL runner. */
export const read = <Params extends readonly unknown[], Row>(statement: ReadStatement<Params, Row>, params: Params): Promise<Row[]> =>
  readWith(getDb().sql, statement, params);

/** Makes `handle` the process's database (tests and scripts that open their own). */
export const useDatabase = (handle: DbHandle) => {
  state.__syndicateDb = handle;
  state.__syndicateDbReady = Promise.resolve();
};

/** Closes the process's database, if one was opened. */
export const closeDatabase = async () => {
  const handle = state.__syndicateDb;
  state.__syndicateDb = undefined;
  state.__syndicateDbReady = undefined;
  await handle?.close();
};

const transactionWithRetry = (client: PrismaClient): PrismaClient["$transaction"] =>
  ((input: unknown, options?: unknown) => {
    const run = client.$transaction.bind(client) as (input: unknown, options?: unknown) => Promise<unknown>;
    // A batch (an array of queries) cannot be replayed: its queries run once.
    return typeof input === "function" ? retryOnConflict(() => run(input, options)) : run(input, options);
  }) as PrismaClient["$transaction"];

/**
 * The process's Prisma client. Opening is deferred to first use, so that importing lib/ (as
 * `next build` does) never touches a database.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_target, property) => {
    const client = getDb().prisma;
    // An interactive transaction that lost a deadlock or serialization race runs again (retry.ts).
    if (property === "$transaction") return transactionWithRetry(client);
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Applies pending migrations to the process's database, once per process. */
export const migrateDatabase = (): Promise<void> =>
  (state.__syndicateDbReady ??= applyMigrations(getDb().sql).then(
    (result) => {
      if (result.applied.length > 0) console.log(`database: applied ${result.applied.length} migration(s)`);
    },
    (error) => {
      state.__syndicateDbReady = undefined;
      throw error;
    },
  ));

/** True when the database answers a trivial query. */
export const pingDatabase = async (): Promise<boolean> => {
  try {
    await getDb().sql.query("SELECT 1");
    return true;
  } catch {
    return false;
  }
};


// The one Prisma client of the process, opened lazily from the environment (embedded PGlite in
// DATA_DIR, or the server at DATABASE_URL), plus start-up preparation: migrate, then seed an
// empty embedded database so that a fresh machine shows a full dashboard.
import { env, type TEnv } from "../config/env";
import { openDatabase, type DbHandle, type DbOptions } from "./client";
import { applyMigrations } from "./migrate";
import type { PrismaClient } from "./generated/client";

export type { DbHandle, DbOptions, SqlRunner, DbMode } from "./client";
export { openDatabase } from "./client";
export { applyMigrations, readMigrations } from "./migrate";
export { Prisma } from "./generated/client";
export type { PrismaClient } from "./generated/client";
export * from "./generated/enums";

// Kept on globalThis so that module reloads (next dev) never open a second PGlite on one folder.
const state = globalThis as typeof globalThis & { __syndicateDb?: DbHandle; __syndicateDbReady?: Promise<void> };

export const optionsFromEnv = (config: TEnv = env()): DbOptions =>
  config.DATABASE_URL
    ? { mode: "server", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { mode: "embedded", dataDir: config.DATA_DIR === ":memory:" ? undefined : config.DATA_DIR };

export const getDb = (): DbHandle => (state.__syndicateDb ??= openDatabase(optionsFromEnv()));

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

/**
 * The process's Prisma client. Opening is deferred to first use, so that importing lib/ (as
 * `next build` does) never touches a database.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_target, property) => {
    const client = getDb().prisma;
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type PrepareOptions = {
  /** Seed demo data when the database holds no data yet. Default: yes for the embedded database. */
  seed?: boolean;
  log?: (message: string) => void;
};

const isEmpty = async (handle: DbHandle) => {
  const [agents, users] = await Promise.all([handle.prisma.agent.count(), handle.prisma.user.count()]);
  return agents === 0 && users === 0;
};

/** Migrates the database and, on the first start of an empty one, seeds it. Runs once per process. */
export const prepareDatabase = (options: PrepareOptions = {}): Promise<void> =>
  (state.__syndicateDbReady ??= (async () => {
    const log = options.log ?? ((message: string) => console.log(message));
    const handle = getDb();
    const result = await applyMigrations(handle.sql);
    if (result.applied.length > 0) log(`database: applied ${result.applied.length} migration(s)`);
    const seed = options.seed ?? env().SEED_ON_FIRST_START ?? handle.mode === "embedded";
    if (seed && (await isEmpty(handle))) {
      const { seedDatabase } = await import("../seed");
      const summary = await seedDatabase(handle.prisma, { log });
      log(`database: seeded demo data (${summary})`);
    }
  })().catch((error) => {
    state.__syndicateDbReady = undefined;
    throw error;
  }));

/** True when the database answers a trivial query. */
export const pingDatabase = async (): Promise<boolean> => {
  try {
    await getDb().sql.query("SELECT 1");
    return true;
  } catch {
    return false;
  }
};

// A test database that counts the SQL statements the app sends, through Prisma and through the
// process's SQL runner (the hot reads' fixed statements use the runner: lib/db `read`).
//
// Prisma's query events and `$extends` count Prisma operations, not SQL statements (one
// findUnique with an include is several statements), and the shared client cannot be re-created
// with a hook. So this opens the file's fresh database itself (as tests/helpers/db.ts does, in
// the run's mode) with the real driver adapter wrapped: every queryRaw/executeRaw the query
// engine makes, inside or outside a transaction, adds one to `count`, and so does every query of
// the SQL runner. It then becomes the process's database, so the domain functions under test run
// unchanged on it.
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { applyMigrations, closeDatabase, useDatabase, type QueryOptions, type SqlRunner } from "../../lib/db";
import { PrismaClient } from "../../lib/db/generated/client";
import { createMigratedServerDatabase, serverUrl } from "../helpers/db";

export type Counter = { count: number };

const COUNTED = new Set(["queryRaw", "executeRaw"]);

const counting = <T extends object>(target: T, counter: Counter): T =>
  new Proxy(target, {
    get: (object, property) => {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (COUNTED.has(String(property))) {
        return (...args: unknown[]) => {
          counter.count += 1;
          return value.apply(object, args);
        };
      }
      if (property === "startTransaction") {
        return async (...args: unknown[]) => counting(await value.apply(object, args), counter);
      }
      return value.bind(object);
    },
  });

const countingFactory = (factory: SqlDriverAdapterFactory, counter: Counter): SqlDriverAdapterFactory => ({
  provider: factory.provider,
  adapterName: factory.adapterName,
  connect: async () => counting(await factory.connect(), counter),
});

const pgliteRunner = (pglite: PGlite): SqlRunner => {
  const runner: SqlRunner = {
    exec: async (script) => {
      await pglite.exec(script);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await pglite.query<T>(text, params)).rows,
    session: (fn) => fn(runner),
  };
  return runner;
};

const poolRunner = (pool: pg.Pool): SqlRunner => ({
  exec: async (script) => {
    await pool.query(script);
  },
  query: async <T,>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
    (await pool.query(options.name ? { name: options.name, text, values: params } : { text, values: params })).rows as T[],
  session: async (fn) => {
    const client = await pool.connect();
    try {
      const runner: SqlRunner = {
        exec: async (script) => {
          await client.query(script);
        },
        query: async <T,>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
        session: (inner) => inner(runner),
      };
      return await fn(runner);
    } finally {
      client.release();
    }
  },
});

/** The runner with each query (not the migration scripts of exec) counted. */
const countingRunner = (runner: SqlRunner, counter: Counter): SqlRunner => ({
  exec: runner.exec,
  query: (text, params, options) => {
    counter.count += 1;
    return runner.query(text, params, options);
  },
  session: (fn) => runner.session((inner) => fn(countingRunner(inner, counter))),
});

/** A fresh migrated database for this file, made the process's database, with a statement counter. */
export const useCountingDatabase = async (): Promise<{ counter: Counter; dispose: () => Promise<void> }> => {
  const counter: Counter = { count: 0 };
  if (serverUrl()) {
    const server = await createMigratedServerDatabase();
    const pool = new pg.Pool({ connectionString: server.url, max: 4, options: "-c plan_cache_mode=force_custom_plan" });
    // As the app's own pool does (lib/db/client.ts): a connection the server ends while the pool lets it
    // go (the file's database dropped WITH (FORCE) as it closes) is not an uncaught error.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const sql = poolRunner(pool);
    if (server.needsMigrations) await applyMigrations(sql);
    const prisma = new PrismaClient({ adapter: countingFactory(new PrismaPg(pool), counter) });
    const close = async () => {
      await prisma.$disconnect();
      await pool.end();
    };
    useDatabase({ mode: "server", prisma, sql: countingRunner(sql, counter), close });
    return {
      counter,
      dispose: async () => {
        await closeDatabase();
        await server.drop();
      },
    };
  }
  const template = process.env.SYNDICATE_TEST_TEMPLATE;
  const pglite = new PGlite({ loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
  const sql = pgliteRunner(pglite);
  if (!template) await applyMigrations(sql);
  const prisma = new PrismaClient({ adapter: countingFactory(new PrismaPGlite(pglite), counter) });
  const close = async () => {
    await prisma.$disconnect();
    if (!pglite.closed) await pglite.close();
  };
  useDatabase({ mode: "embedded", prisma, sql: countingRunner(sql, counter), close });
  return { counter, dispose: () => closeDatabase() };
};

/** Statements sent while `fn` runs. */
export const countStatements = async <T,>(counter: Counter, fn: () => Promise<T>): Promise<{ result: T; statements: number }> => {
  const before = counter.count;
  const result = await fn();
  return { result, statements: counter.count - before };
};

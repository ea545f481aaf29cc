// The Prisma client factory: embedded PostgreSQL (PGlite, in process) when no DATABASE_URL is
// set, a PostgreSQL server through node-postgres otherwise. Both give the same Prisma client
// and a raw SQL runner (multi-statement scripts) for the migration runner.
import { mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type DbMode = "embedded" | "server";

export type SqlRunner = {
  /** Runs a script of one or more statements without parameters. */
  exec: (sql: string) => Promise<void>;
  /** Runs one statement with $1… parameters and returns its rows. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** Runs `fn` on one connection (session locks, explicit BEGIN/COMMIT). */
  session: <T>(fn: (sql: SqlRunner) => Promise<T>) => Promise<T>;
};

export type DbHandle = {
  mode: DbMode;
  prisma: PrismaClient;
  sql: SqlRunner;
  close: () => Promise<void>;
  /** Embedded only: a tarball of the whole database (PGlite's dumpDataDir). */
  dump?: () => Promise<Blob>;
};

export type DbOptions =
  | { mode: "server"; url: string; poolSize?: number }
  | {
      mode: "embedded";
      /** A folder, or undefined for an in-memory database. */
      dataDir?: string;
      /** A tarball from PGlite's dumpDataDir() to start from (tests use a migrated template). */
      loadDataDir?: Blob;
    };

const LOCK_FILE = "syndicate.lock";

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

// PGlite has no locking of its own and two processes writing one data directory corrupt it:
// refuse to open a directory another live process holds, and say who holds it.
const lockDataDir = (dataDir: string) => {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (existsSync(lockPath)) {
    const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder} (is the app running?). ` +
          "Stop that process, or point DATABASE_URL at a PostgreSQL server to share one database.",
      );
    }
  }
  writeFileSync(lockPath, String(process.pid));
  return () => {
    try {
      if (readFileSync(lockPath, "utf8") === String(process.pid)) rmSync(lockPath);
    } catch {
      // already gone
    }
  };
};

const openEmbedded = (options: Extract<DbOptions, { mode: "embedded" }>): DbHandle => {
  let unlock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    // PGlite does not create missing parent folders.
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const pglite = new PGlite({ dataDir: dataDir ? path.join(dataDir, "pgdata") : undefined, loadDataDir: options.loadDataDir });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  // PGlite is a single connection already.
  const sql: SqlRunner = {
    exec: async (script) => {
      await pglite.exec(script);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await pglite.query<T>(text, params)).rows,
    session: (fn) => fn(sql),
  };
  return {
    mode: "embedded",
    prisma,
    sql,
    close: async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
    dump: () => pglite.dumpDataDir("none"),
  };
};

const openServer = (options: Extract<DbOptions, { mode: "server" }>): DbHandle => {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const runnerOn = (target: pg.Pool | pg.PoolClient): SqlRunner => ({
    exec: async (script) => {
      await target.query(script);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await target.query(text, params)).rows as T[],
    session: async (fn) => {
      if (target !== pool) return fn(runnerOn(target));
      const client = await pool.connect();
      try {
        return await fn(runnerOn(client));
      } finally {
        client.release();
      }
    },
  });
  return {
    mode: "server",
    prisma,
    sql: runnerOn(pool),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
};

export const openDatabase = (options: DbOptions): DbHandle =>
  options.mode === "server" ? openServer(options) : openEmbedded(options);

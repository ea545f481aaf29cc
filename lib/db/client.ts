// The Prisma client factory: embedded PostgreSQL (PGlite, in process) when no DATABASE_URL is
// set, a PostgreSQL server through node-postgres otherwise. Both give the same Prisma client
// and a raw SQL runner (multi-statement scripts) for the migration runner.
import { mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
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

/** Bounds on waiting for the database (server mode; transactions in both modes). */
export type DbTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool (ms). */
  connectMs?: number;
  /** One statement, enforced by the server (statement_timeout) and, 2 s later, by the client (ms). */
  statementMs?: number;
  /** An interactive transaction: its whole run, and the wait to start it (ms). */
  transactionMs?: number;
};

export const DEFAULT_TIMEOUTS: Required<DbTimeouts> = { connectMs: 5_000, statementMs: 10_000, transactionMs: 10_000 };

export type DbOptions =
  | { mode: "server"; url: string; poolSize?: number; timeouts?: DbTimeouts }
  | {
      mode: "embedded";
      /** A folder, or undefined for an in-memory database. */
      dataDir?: string;
      /** A tarball from PGlite's dumpDataDir() to start from (tests use a migrated template). */
      loadDataDir?: Blob;
      timeouts?: DbTimeouts;
    };

const transactionOptions = (timeouts: DbTimeouts = {}) => {
  const { connectMs, transactionMs } = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return { maxWait: Math.min(connectMs, transactionMs), timeout: transactionMs };
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

// A process is named by its PID and its start time (clock ticks since boot, /proc/<pid>/stat
// field 22) in this boot (boot_id): a PID reused by another process after a crash, or the same
// number after a reboot, is not mistaken for the holder. Where /proc is missing, the PID alone.
const readText = (file: string) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
};

const processStart = (pid: number): string | undefined => {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // Fields after the command name (which may contain spaces and parentheses).
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};

type LockHolder = { pid: number; start?: string; boot?: string };

const me = (): LockHolder => ({ pid: process.pid, start: processStart(process.pid), boot: readText("/proc/sys/kernel/random/boot_id") });

const parseHolder = (text: string): LockHolder | undefined => {
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number.parseInt(text, 10) }; // the earlier format: the PID alone
  try {
    const parsed = JSON.parse(text) as LockHolder;
    if (Number.isInteger(parsed?.pid)) return parsed;
  } catch {
    // unreadable: treated as stale
  }
  return undefined;
};

/** True when the recorded holder is this very process, still running. */
export const holderAlive = (holder: LockHolder) => {
  if (!isAlive(holder.pid)) return false;
  const boot = readText("/proc/sys/kernel/random/boot_id");
  if (holder.boot && boot && holder.boot !== boot) return false;
  const start = processStart(holder.pid);
  if (holder.start && start && holder.start !== start) return false;
  return true;
};

// PGlite has no locking of its own and two processes writing one data directory corrupt it:
// refuse to open a directory another live process holds, and say who holds it. The lock file is
// created exclusively, so two processes starting at once cannot both take it.
const lockDataDir = (dataDir: string) => {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine = me();
  const content = JSON.stringify(mine);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockPath, content, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const holder = parseHolder(readText(lockPath) ?? "");
      if (holder && holder.pid !== process.pid && holderAlive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder.pid} (is the app running?). ` +
            "Stop that process, or point DATABASE_URL at a PostgreSQL server to share one database.",
        );
      }
      // A stale lock (its holder is gone, or is an unrelated process with a reused PID), or our own.
      rmSync(lockPath, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8") === content) rmSync(lockPath);
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
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: transactionOptions(options.timeouts) });
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
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // A database that hangs or goes away gives an error within these bounds, never a request that
  // waits as long as the outage: connecting (and waiting for a pooled connection), each statement
  // (server side; the client gives up 2 s later, for a server that does not answer at all), and a
  // session left idle inside a transaction.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 2_000,
    idle_in_transaction_session_timeout: timeouts.transactionMs + 5_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    // No JIT compilation: without fresh statistics (after a bulk load) the planner overestimates
    // the one-statement details reads enough to compile each execution, ~1 s every time, for
    // statements that run in a millisecond (docs/performance.md).
    options: "-c jit=off",
  });
  // A client that loses its connection must not crash the process; the next query reports it.
  // The pool listens only to idle clients: a client checked out between two queries (an open
  // transaction) gets a listener of its own.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: transactionOptions(timeouts) });
  const runnerOn = (target: pg.Pool | pg.ClientBase): SqlRunner => ({
    exec: async (script) => {
      await target.query(script);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await target.query(text, params)).rows as T[],
    // A session of its own, without statement timeouts: migrations may wait for another
    // instance's migration lock and may run long statements.
    session: async (fn) => {
      if (target !== pool) return fn(runnerOn(target));
      const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true });
      client.on("error", () => {});
      await client.connect();
      try {
        return await fn(runnerOn(client));
      } finally {
        await client.end().catch(() => {});
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

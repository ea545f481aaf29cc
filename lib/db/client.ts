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

export type QueryOptions = {
  /**
   * A fixed statement's name (lib/db/statement.ts): on a server, the statement is parsed once per
   * connection and then only planned and run (PostgreSQL's prepared statements); embedded, ignored.
   */
  name?: string;
};

export type SqlRunner = {
  /** Runs a script of one or more statements without parameters. */
  exec: (sql: string) => Promise<void>;
  /** Runs one statement with $1… parameters and returns its rows. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<T[]>;
  /** Runs `fn` on one connection (session locks, explicit BEGIN/COMMIT). */
  session: <T>(fn: (sql: SqlRunner) => Promise<T>) => Promise<T>;
};

export type DbHandle = {
  mode: DbMode;
  prisma: PrismaClient;
  sql: SqlRunner;
  close: () => Promise<void>;
  /**
   * Whether the database answers, within `timeoutMs`, without competing with the requests for a
   * connection (readiness; see the two implementations). Never throws. Every handle openDatabase
   * makes has one; a handle put together by hand (tests) may not.
   */
  probe?: (timeoutMs: number) => Promise<boolean>;
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

/** `work` if it settles within `ms`, else `fallback`. */
const within = async <T,>(work: Promise<T>, ms: number, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
};

// An embedded statement that answered this recently proves the database answers: a probe then
// asks nothing. PGlite is one connection, so a probe's SELECT 1 would otherwise queue behind every
// request's statements (and an open transaction), and fail under load while the API answers.
const EMBEDDED_RECENT_ANSWER_MS = 1_000;

/**
 * Calls `onAnswer` each time the instance completes a statement (query, script or transaction),
 * whoever sent it: the Prisma adapter and the SQL runner call these public methods.
 */
const watchAnswers = (pglite: PGlite, onAnswer: () => void) => {
  type Method = (...args: unknown[]) => Promise<unknown>;
  const target = pglite as unknown as Record<"query" | "exec" | "transaction", Method>;
  for (const name of ["query", "exec", "transaction"] as const) {
    const original = target[name].bind(pglite);
    target[name] = async (...args) => {
      const result = await original(...args);
      onAnswer();
      return result;
    };
  }
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
  let lastAnswer = Number.NEGATIVE_INFINITY;
  let nextAnswer: { promise: Promise<boolean>; resolve: (up: boolean) => void } | undefined;
  watchAnswers(pglite, () => {
    lastAnswer = performance.now();
    nextAnswer?.resolve(true);
    nextAnswer = undefined;
  });
  // One probe statement at a time: probes that come while one waits share its answer.
  let asking: Promise<boolean> | undefined;
  const probe = async (timeoutMs: number) => {
    if (pglite.closed) return false;
    if (performance.now() - lastAnswer < EMBEDDED_RECENT_ANSWER_MS) return true;
    // Idle, or busy with a long statement: ask, and take any statement's answer meanwhile as proof.
    asking ??= pglite.query("SELECT 1").then(
      () => true,
      () => false,
    ).finally(() => {
      asking = undefined;
    });
    if (!nextAnswer) {
      let resolve!: (up: boolean) => void;
      const promise = new Promise<boolean>((done) => (resolve = done));
      nextAnswer = { promise, resolve };
    }
    return within(Promise.race([asking, nextAnswer.promise]), timeoutMs, false);
  };
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
      nextAnswer?.resolve(false);
      unlock();
    },
    probe,
    dump: () => pglite.dumpDataDir("none"),
  };
};

type AdapterTransaction = { queryRaw: (query: unknown) => Promise<unknown>; executeRaw: (query: unknown) => Promise<unknown>; commit: () => Promise<void>; rollback: () => Promise<void> };
// The statements Prisma ends a transaction with (not ROLLBACK TO SAVEPOINT).
const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;

type AdapterWithTransactions = { startTransaction: (isolation?: unknown) => Promise<AdapterTransaction> };

/**
 * The PostgreSQL adapter's transactions, closed for good once they end. The adapter hands a
 * transaction's connection back to the pool when it commits or rolls back — also when Prisma rolls
 * it back on its timeout while an operation of it is still under way — and the rest of that
 * operation's statements then ran on the released connection: outside any transaction (seen as a
 * foreign-key violation, P2003, when an agent's roles were inserted after its row was rolled back),
 * or inside another request's. A statement of an ended transaction is refused instead ("Transaction
 * already closed": a 503, lib/http/to-problem.ts), and nothing of it reaches the database.
 *
 * It ends when Prisma sends its COMMIT or ROLLBACK, not only when it releases the connection after
 * them: a statement queued on the connection behind that ROLLBACK (the next insert of an operation
 * its timeout cut short) would otherwise run after it, outside any transaction.
 */
const closingTransactions = (factory: PrismaPg): PrismaPg => {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const target = adapter as unknown as AdapterWithTransactions;
    const start = target.startTransaction.bind(adapter);
    target.startTransaction = async (isolation) => {
      const transaction = await start(isolation);
      let closed = false;
      const refuse = () =>
        Promise.reject(new Error("Transaction already closed: it ended (committed, rolled back or past its timeout) before this statement; the statement was not run."));
      for (const name of ["queryRaw", "executeRaw"] as const) {
        const run = transaction[name].bind(transaction);
        transaction[name] = (query) => {
          if (closed) return refuse();
          if (ENDS_TRANSACTION.test((query as { sql?: string }).sql ?? "")) closed = true;
          return run(query);
        };
      }
      for (const name of ["commit", "rollback"] as const) {
        const end = transaction[name].bind(transaction);
        transaction[name] = () => {
          closed = true;
          return end();
        };
      }
      return transaction;
    };
    return adapter;
  };
  return factory;
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
    // statements that run in a millisecond (docs/performance.md). Prepared statements (the fixed
    // reads, QueryOptions.name) planned for their parameters every time: a list statement's plan
    // depends on which of its filters and sorts the values switch on (docs/database.md, "Reads and writes"),
    // and a plan made for no values in particular would sort the whole table for every page.
    options: "-c jit=off -c plan_cache_mode=force_custom_plan",
  });
  // A client that loses its connection must not crash the process; the next query reports it.
  // The pool listens only to idle clients: a client checked out between two queries (an open
  // transaction) gets a listener of its own.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const prisma = new PrismaClient({ adapter: closingTransactions(new PrismaPg(pool)), transactionOptions: transactionOptions(timeouts) });
  const probe = serverProbe(options.url, timeouts);
  const runnerOn = (target: pg.Pool | pg.ClientBase): SqlRunner => ({
    exec: async (script) => {
      await target.query(script);
    },
    query: async <T,>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      (await target.query(options.name ? { name: options.name, text, values: params } : { text, values: params })).rows as T[],
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
      await probe.close();
      await prisma.$disconnect();
      await pool.end();
    },
    probe: probe.ask,
  };
};

/**
 * Readiness on a server asks over a connection of its own, outside the pool: a pool busy with slow
 * statements (every connection taken, requests waiting) must not make the probe wait for a
 * connection and fail while the API still answers. The connection is kept between probes and
 * opened again when it fails, so a database that went away fails the probe (the kept connection is
 * cut, a new one is refused or times out) and one that came back passes it. One connection per
 * process beyond DATABASE_POOL_SIZE.
 */
const serverProbe = (url: string, timeouts: Required<DbTimeouts>) => {
  let client: pg.Client | undefined;
  let closed = false;
  const connect = async (timeoutMs: number) => {
    const fresh = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: Math.min(timeouts.connectMs, timeoutMs),
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
      application_name: "syndicate readiness probe",
    });
    // A connection that breaks between probes is dropped; the next probe opens another.
    fresh.on("error", () => {
      if (client === fresh) client = undefined;
    });
    await fresh.connect();
    return fresh;
  };
  const discard = (target: pg.Client) => {
    if (client === target) client = undefined;
    void target.end().catch(() => {});
  };
  const askOnce = async (timeoutMs: number): Promise<boolean> => {
    // A kept connection may have been cut since the last probe (the server restarted): then one
    // more try on a new connection decides.
    for (let attempt = 0; attempt < 2 && !closed; attempt++) {
      const kept = client;
      let target = kept;
      try {
        if (!target) {
          target = await connect(timeoutMs);
          if (closed) {
            discard(target);
            return false;
          }
          client = target;
        }
        await target.query("SELECT 1");
        return true;
      } catch {
        if (target) discard(target);
        if (!kept) return false;
      }
    }
    return false;
  };
  // Probes that come while one is asking share its answer: never a queue of probe statements.
  let asking: Promise<boolean> | undefined;
  return {
    ask: async (timeoutMs: number) => {
      if (closed) return false;
      asking ??= askOnce(timeoutMs).finally(() => {
        asking = undefined;
      });
      return within(asking, timeoutMs, false);
    },
    close: async () => {
      closed = true;
      const target = client;
      client = undefined;
      await target?.end().catch(() => {});
    },
  };
};

export const openDatabase = (options: DbOptions): DbHandle =>
  options.mode === "server" ? openServer(options) : openEmbedded(options);

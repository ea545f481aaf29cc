// The production server as the system tests run it: `node server.mjs` on the build in .next-e2e
// (scripts/build-e2e.mjs, or this suite's global setup, builds it), detached in a process group of
// its own so that stop(), kill9() and the suite's cleanup reach every process it started. Its
// stdout and stderr are kept line by line (lines(), jsonLines()) for tests that read its logs.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, sleep, waitFor } from "../reliability/processes";

export { freePort, sleep, waitFor };

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DIST_DIR = ".next-e2e";
/** The password of the seeded admin, operator and viewer (as in the browser tests). */
export const PASSWORD = "e2e-admin-password";
export const ACCOUNTS = {
  admin: "admin@syndicate.local",
  operator: "operator@syndicate.local",
  viewer: "viewer@syndicate.local",
} as const;

/** The database mode of this run: a PostgreSQL server when DATABASE_URL is set, else embedded. */
export const serverMode = () => Boolean(process.env.DATABASE_URL);

type Env = Record<string, string | undefined>;

export type OutputLine = { stream: "stdout" | "stderr"; text: string; at: number };

export type SystemServer = {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Every line the server printed so far, in order. */
  lines: () => OutputLine[];
  /** The stdout lines that are JSON objects (the structured log), parsed. */
  jsonLines: () => Record<string, unknown>[];
  /** Whether the process is still running. */
  running: () => boolean;
  /** Resolves when the server process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Polls /api/health/ready until it answers 200; throws (with the last answer and output) after timeoutMs. */
  waitReady: (timeoutMs?: number) => Promise<void>;
  /** fetch against this server; `path` starts with "/". */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** SIGTERM (graceful shutdown), then SIGKILL to the whole group after boundMs. */
  stop: (boundMs?: number) => Promise<void>;
  /** SIGKILL to the whole group at once: a crash. */
  kill9: () => Promise<void>;
};

/**
 * fetch with a time limit that covers the body too. The abort timer is a plain ref'd setTimeout
 * holding its controller (an AbortSignal.timeout() signal nothing references can be collected
 * before it fires, leaving the request without a bound).
 */
export const boundedFetch = (input: string, init: RequestInit, ms: number) => {
  if (init.signal) return fetch(input, init);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no complete answer within ${ms} ms: ${init.method ?? "GET"} ${input}`)), ms);
  return fetch(input, { ...init, signal: controller.signal }).catch((error: unknown) => {
    clearTimeout(timer);
    throw error;
  });
};

const started = new Set<SystemServer>();

const killGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
};

// Last resort when the test process exits without the cleanup having run: no server outlives it.
process.once("exit", () => {
  for (const server of started) killGroup(server.pid, "SIGKILL");
});

/** What the child inherits: this process's environment less the test runner's and the database choice. */
const baseEnv = (): Env => {
  const env: Env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith("VITEST") || name.startsWith("__VITEST")) delete env[name];
  }
  for (const name of ["NODE_ENV", "DATABASE_URL", "DATA_DIR", "REDIS_URL", "SYNDICATE_TEST_TEMPLATE", "NEXTAUTH_SECRET", "NEXTAUTH_URL", "TEST"]) delete env[name];
  return env;
};

export type StartOptions = {
  /** The test's settings: DATA_DIR or DATABASE_URL, REDIS_URL, limits… (undefined removes one). */
  env?: Env;
  /** A port of its own; a free one by default. Give the same port to restart "the same" server. */
  port?: number;
  /** Wait for readiness before resolving (default true). */
  ready?: boolean;
  readyTimeoutMs?: number;
};

/** Starts `node server.mjs` on the .next-e2e build. Seeds an empty database, with the known passwords. */
export const startServer = async (options: StartOptions = {}): Promise<SystemServer> => {
  const port = options.port ?? (await freePort());
  const env: Env = {
    ...baseEnv(),
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    HOSTNAME: "127.0.0.1",
    PORT: String(port),
    SEED_ON_FIRST_START: "true",
    ADMIN_PASSWORD: PASSWORD,
    OPERATOR_PASSWORD: PASSWORD,
    VIEWER_PASSWORD: PASSWORD,
    // server.mjs shuts itself down when its parent (this test process) is gone, even if this
    // process was killed before its cleanup could run.
    SYNDICATE_SUPERVISOR_PID: String(process.pid),
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];

  const child = spawn(process.execPath, ["server.mjs"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  if (!child.pid) throw new Error("the server did not start");
  const pid = child.pid;
  const output: OutputLine[] = [];
  const collect = (stream: "stdout" | "stderr") => {
    let rest = "";
    child[stream]!.setEncoding("utf8");
    child[stream]!.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      for (const text of parts) output.push({ stream, text, at: Date.now() });
    });
    child[stream]!.on("end", () => {
      if (rest) output.push({ stream, text: rest, at: Date.now() });
      rest = "";
    });
  };
  collect("stdout");
  collect("stderr");
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const url = `http://127.0.0.1:${port}`;

  const tail = () => output.slice(-40).map((line) => `${line.stream}: ${line.text}`).join("\n");

  const server: SystemServer = {
    port,
    url,
    pid,
    child,
    exited,
    lines: () => [...output],
    jsonLines: () =>
      output.flatMap((line) => {
        if (line.stream !== "stdout" || !line.text.startsWith("{")) return [];
        try {
          return [JSON.parse(line.text) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    running: () => !done,
    fetch: (target, init) => boundedFetch(`${url}${target}`, { redirect: "manual", ...init }, 30_000),
    waitReady: async (timeoutMs = 120_000) => {
      let last = "no answer";
      const ok = await waitFor(async () => {
        if (done) return true;
        try {
          // Raced with a timer of our own as well: a probe never outlasts its bound.
          const answer = (async () => {
            const response = await boundedFetch(`${url}/api/health/ready`, {}, 5_000);
            return { status: response.status, text: await response.text() };
          })();
          const { status, text } = await Promise.race([answer, sleep(6_000).then(() => ({ status: 0, text: "no answer within 6 s" }))]);
          answer.catch(() => {});
          last = `${status} ${text}`;
          return status === 200;
        } catch (error) {
          last = String(error);
          return false;
        }
      }, timeoutMs, 200);
      if (done) throw new Error(`the server exited before it was ready:\n${tail()}`);
      if (!ok) throw new Error(`the server was not ready within ${timeoutMs} ms (last: ${last}):\n${tail()}`);
    },
    stop: async (boundMs = 20_000) => {
      if (!done) {
        killGroup(pid, "SIGTERM");
        const timer = setTimeout(() => killGroup(pid, "SIGKILL"), boundMs);
        await exited;
        clearTimeout(timer);
      }
      // Anything the server left in its group goes too.
      killGroup(pid, "SIGKILL");
      started.delete(server);
    },
    kill9: async () => {
      killGroup(pid, "SIGKILL");
      await exited;
      started.delete(server);
    },
  };
  started.add(server);
  if (options.ready ?? true) {
    try {
      await server.waitReady(options.readyTimeoutMs);
    } catch (error) {
      await server.kill9();
      throw error;
    }
  }
  return server;
};

/** Stops every server this test file started and has not stopped (the suite's afterAll). */
export const stopAllServers = async () => {
  await Promise.all([...started].map((server) => server.stop(5_000)));
};

/** Whether a process group still has a member (nothing left running after a stop). */
export const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A new empty database on the server of `baseUrl` (DATABASE_URL by default); drop() removes it. */
export const freshDatabase = async (baseUrl = process.env.DATABASE_URL, label = "system") => {
  if (!baseUrl) throw new Error("freshDatabase needs a PostgreSQL URL (DATABASE_URL)");
  const name = `syndicate_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = "/postgres";
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};

/** A logger of the steps of a test's set-up, each with the ms since the first: where time went when one is slow. */
export const stepLog = (label: string) => {
  const started = Date.now();
  return (step: string) => console.log(`${label}: ${step} at ${Date.now() - started} ms`);
};

/** A new empty folder for an embedded database; remove() deletes it. */
export const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "syndicate-system-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * The database for one test in this run's mode: a fresh database on DATABASE_URL's server, or a
 * fresh embedded folder. `env` goes to startServer; `cleanup` removes it (after the servers stop).
 */
export const testDatabase = async (label = "system") => {
  if (serverMode()) {
    const db = await freshDatabase(process.env.DATABASE_URL, label);
    return { mode: "server" as const, env: { DATABASE_URL: db.url } as Env, cleanup: db.drop };
  }
  const data = tempDataDir();
  return { mode: "embedded" as const, env: { DATA_DIR: data.dir } as Env, cleanup: async () => data.remove() };
};

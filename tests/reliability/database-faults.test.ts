// Faults of a PostgreSQL server the test starts itself (initdb into a temporary folder, a free
// port): stopped under steady write load, paused with SIGSTOP, started after the app, backends
// terminated, a statement and a transaction past their timeouts. Only 503 problems with
// Retry-After, bounded waits, recovery by itself, and no acknowledged write lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agents from "../../app/api/agents/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { resetEnv } from "../../lib/config/env";
import { applyMigrations, closeDatabase, openDatabase, prisma, useDatabase, type DbHandle } from "../../lib/db";
import { prepareWithRetry, startupState, whenStartupRetriesEnd } from "../../lib/health/retry-startup";
import { prepareApp } from "../../lib/startup";
import { toProblem } from "../../lib/http/to-problem";
import { useLogDestination } from "../../lib/http/log";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { postgresCluster, sleep } from "./processes";

const TIMEOUTS = { connectMs: 1_000, statementMs: 1_000, transactionMs: 1_000 };

let cluster: Awaited<ReturnType<typeof postgresCluster>>;
let db: DbHandle;
let key: string;

beforeAll(async () => {
  cluster = await postgresCluster();
  await cluster.start();
  // The setup is not under test: it runs without the short timeouts (a loaded machine can take
  // longer than 1 s for the key's transaction), on a handle of its own.
  const setup = openDatabase({ mode: "server", url: cluster.url(), poolSize: 1 });
  try {
    await applyMigrations(setup.sql);
    useDatabase(setup);
    key = (await userWithKey("operator")).key;
  } finally {
    await setup.close();
  }
  db = openDatabase({ mode: "server", url: cluster.url(), poolSize: 4, timeouts: TIMEOUTS });
  useDatabase(db);
  useRateLimiter(memoryRateLimiter());
  // The request log's error lines (with the error behind a 500), to name it when one is answered.
  restoreLog = useLogDestination({ write: (line: string) => void errorLines.push(line) }, "error");
}, 120_000);

let restoreLog = () => {};

const errorLines: string[] = [];

afterAll(async () => {
  restoreLog();
  await closeDatabase().catch(() => {});
  await cluster?.destroy();
});

type Outcome = { id: string; status: number; contentType: string | null; retryAfter: string | null };

const createAgent = async (id: string): Promise<Outcome> => {
  const response = await call(agents.POST, "POST", "/api/agents", { key, body: { id, name: `Load ${id}`, aiEngine: "GPT-4o" } });
  return { id, status: response.status, contentType: response.headers.get("content-type"), retryAfter: response.headers.get("retry-after") };
};

/**
 * Writes one agent after another until one is stored, at most a pool's worth of connections and one
 * more (the pool holds 4): connections cut while the server was away fail once each and are
 * replaced, so the service is back by then if it recovers by itself.
 */
const writesUntilStored = async (prefix: string) => {
  const outcomes: Outcome[] = [];
  for (let k = 0; k < 5 && outcomes.at(-1)?.status !== 201; k++) outcomes.push(await createAgent(`${prefix}-${Date.now()}-${k}`));
  return outcomes;
};

/**
 * Asks readiness the way a load balancer does, again after each "not ready", at most five times:
 * the first probes after a restart may meet a server still recovering, or a loaded machine past the
 * probe's 2 s bound. Every "not ready" is a 503 problem with Retry-After.
 */
const probesUntilReady = async () => {
  const statuses: number[] = [];
  for (let k = 0; k < 5 && statuses.at(-1) !== 200; k++) {
    const response = await call(ready, "GET", "/api/health/ready");
    statuses.push(response.status);
    if (response.status !== 200) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
    }
  }
  return statuses;
};

const expectOnly201Or503 = (outcomes: Outcome[]) => {
  expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503), `the log's errors:\n${errorLines.join("\n")}`).toEqual([]);
  for (const o of outcomes.filter((x) => x.status === 503)) {
    expect(o.contentType).toBe("application/problem+json");
    expect(o.retryAfter).toBe("5");
  }
};

describe("PostgreSQL faults", () => {
  // The load, the outage and the pauses below are the scenario (a database away for a while under
  // writes), not waits for the code under test. That each request is cut off by the connect and
  // statement timeouts rather than hanging is shown with the database paused (next test).
  it("stopped under steady write load: only 503 problems, recovery by itself, no acknowledged write lost", async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    let n = 0;
    const writer = async (w: number) => {
      while (!stop) {
        outcomes.push(await createAgent(`fault-${w}-${n++}`));
        await sleep(20);
      }
    };
    const writers = [0, 1, 2].map(writer);
    await sleep(1_500);
    await cluster.stop("SIGINT");
    await sleep(2_500);
    await cluster.start();
    // Service resumes by itself: a write succeeds once the server is back.
    const probes = await writesUntilStored("fault-probe");
    expect(probes.at(-1)!.status).toBe(201);
    outcomes.push(...probes);
    await sleep(500);
    stop = true;
    await Promise.all(writers);

    expectOnly201Or503(outcomes);
    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    expect(outcomes.filter((o) => o.status === 201).length).toBeGreaterThan(1);
    // Every write acknowledged (201) before, during or after the outage is stored.
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.id);
    const stored = await db.prisma.agent.findMany({ where: { id: { in: acknowledged } }, select: { id: true } });
    expect(stored.length).toBe(acknowledged.length);
  }, 90_000);

  it("paused (SIGSTOP): requests answer 503, cut off by the timeouts, and recover on SIGCONT", async () => {
    cluster.pause();
    try {
      // A paused server never answers: without the connect and statement timeouts (1 s here) these
      // would wait until the test's own time limit.
      const outcomes = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => createAgent(`paused-${k}`)));
      expect(outcomes.map((o) => o.status)).toEqual([503, 503, 503, 503, 503, 503]);
      expectOnly201Or503(outcomes);
    } finally {
      cluster.resume();
    }
    const resumed = await writesUntilStored("resumed");
    expectOnly201Or503(resumed);
    expect(resumed.at(-1)!.status).toBe(201);
  }, 60_000);

  it("backends terminated by the server (57P01) answer 503, not 500, and the pool heals", async () => {
    await createAgent(`warm-${Date.now()}`);
    const admin = openDatabase({ mode: "server", url: cluster.url(), poolSize: 1 });
    try {
      await admin.sql.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()");
    } finally {
      await admin.close();
    }
    const after = [];
    for (let k = 0; k < 6; k++) after.push(await createAgent(`terminated-${Date.now()}-${k}`));
    expect(after.every((o) => o.status === 201 || o.status === 503)).toBe(true);
    expect(after.at(-1)!.status).toBe(201);
  }, 60_000);

  it("a statement past the statement timeout (57014) and a transaction past its timeout (P2028) map to 503", async () => {
    const slow = await db.prisma.$queryRawUnsafe("SELECT pg_sleep(3)").catch((error: unknown) => error);
    const slowProblem = toProblem(slow, { instance: "/x", requestId: "r" });
    expect(slowProblem.problem.status).toBe(503);
    expect(slowProblem.headers["retry-after"]).toBe("5");

    const expired = await db.prisma
      .$transaction(async (tx) => {
        await tx.agent.count();
        await sleep(1_500);
        await tx.agent.count();
      })
      .catch((error: unknown) => error);
    expect((expired as { code?: string }).code).toBe("P2028");
    expect(toProblem(expired, { instance: "/x", requestId: "r" }).problem.status).toBe(503);
  }, 30_000);

  it("an app that starts while the database is down reports not ready, then ready by itself once it is up", async () => {
    await cluster.stop("SIGINT");
    await closeDatabase();
    db = openDatabase({ mode: "server", url: cluster.url(), poolSize: 4, timeouts: TIMEOUTS });
    useDatabase(db);
    const down = await call(ready, "GET", "/api/health/ready");
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toBe("application/problem+json");
    expect((await createAgent(`down-${Date.now()}`)).status).toBe(503);
    await cluster.start();
    // Ready again by itself: the probe's cut connection is replaced, and writes are stored again.
    expect((await probesUntilReady()).at(-1)).toBe(200);
    const up = await writesUntilStored("up");
    expectOnly201Or503(up);
    expect(up.at(-1)!.status).toBe(201);
  }, 60_000);

  it("start-up attempted while the database is down completes by itself once it is up; readiness is 503 until then", async () => {
    const admin = openDatabase({ mode: "server", url: cluster.url(), poolSize: 1 });
    await admin.sql.exec("CREATE DATABASE startup_while_down");
    await admin.close();
    await cluster.stop("SIGINT");
    await closeDatabase();
    // The process's database now comes from the environment, as in a server.
    Object.assign(process.env, { DATABASE_URL: cluster.url("startup_while_down"), DATABASE_CONNECT_TIMEOUT_MS: "1000", ADMIN_PASSWORD: "startup-test-password" });
    resetEnv();
    try {
      await prepareWithRetry(() => prepareApp({ seed: false, log: () => {} }), { log: () => {}, firstDelayMs: 200, maxDelayMs: 500 });
      expect(startupState()).toMatchObject({ phase: "retrying" });
      const notReady = await call(ready, "GET", "/api/health/ready");
      expect(notReady.status).toBe(503);
      expect(notReady.json.detail).toMatch(/start-up has not completed/);
      await cluster.start();
      // The background retries end once an attempt has prepared the app.
      await whenStartupRetriesEnd();
      expect(startupState()).toMatchObject({ phase: "ready" });
      expect((await probesUntilReady()).at(-1)).toBe(200);
      // Migrated and prepared: the admin exists.
      expect(await prisma.user.count({ where: { role: "admin" } })).toBe(1);
    } finally {
      for (const name of ["DATABASE_URL", "DATABASE_CONNECT_TIMEOUT_MS", "ADMIN_PASSWORD"]) delete process.env[name];
      resetEnv();
      (globalThis as { __syndicateStartup?: unknown }).__syndicateStartup = undefined;
    }
  }, 60_000);
});

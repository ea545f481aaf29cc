// /api/health/live and /api/health/ready: what each reports, and readiness's 503 and degraded
// answers; readiness while the request pool is taken by slow statements, and when the database
// stops (a private PostgreSQL cluster) or the embedded one is closed.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as live } from "../../app/api/health/live/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { closeDatabase, openDatabase, useDatabase } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { memoryRateLimiter, redisRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { closeSimulationPool } from "../../lib/quantum/pool";
import { call } from "../helpers/http";
import { embeddedTemplate, useTestDatabase, type TestDatabase } from "../helpers/db";
import { freePort, postgresCluster, sleep } from "./processes";

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => db.dispose());
afterEach(() => useRateLimiter(memoryRateLimiter()));

describe("GET /api/health/live", () => {
  it("answers 200 {status: ok} even when the database does not answer", async () => {
    useDatabase(openDatabase({ mode: "server", url: "postgresql://postgres@127.0.0.1:1/none", poolSize: 1 }));
    try {
      const response = await call(live, "GET", "/api/health/live");
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ status: "ok" });
    } finally {
      await closeDatabase();
      useDatabase(db);
    }
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 with each check: database, Redis (not configured) and the simulation pool", async () => {
    useRateLimiter(memoryRateLimiter());
    const response = await call(ready, "GET", "/api/health/ready");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.json).toMatchObject({
      status: "ok",
      checks: { database: { status: "ok" }, redis: { status: "not_configured" }, simulations: { status: "ok", queued: 0 } },
    });
    expect(response.json.checks.database.latencyMs).toEqual(expect.any(Number));
    expect(response.json.checks.simulations.maxThreads).toBeGreaterThanOrEqual(1);
  });

  it("answers 503 problem+json with Retry-After when the database does not answer", async () => {
    useDatabase(openDatabase({ mode: "server", url: "postgresql://postgres@127.0.0.1:1/none", poolSize: 1 }));
    try {
      const response = await call(ready, "GET", "/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.json.detail).toMatch(/database does not answer/);
    } finally {
      await closeDatabase();
      useDatabase(db);
    }
  });

  it("answers 200 degraded while the configured Redis does not answer", async () => {
    const limiter = redisRateLimiter(`redis://127.0.0.1:${await freePort()}`, { prefix: "syndicate:test:ready:" });
    useRateLimiter(limiter);
    try {
      const response = await call(ready, "GET", "/api/health/ready");
      expect(response.status).toBe(200);
      expect(response.json.status).toBe("degraded");
      expect(response.json.checks.redis.status).toBe("degraded");
      expect(response.json.checks.redis.detail).toMatch(/per instance/);
    } finally {
      await limiter.close();
    }
  });

  it("answers 503 when the simulation workers cannot start", async () => {
    await closeSimulationPool();
    process.env.SIMULATION_WORKER_FILE = "/nonexistent/simulation.mjs";
    try {
      const response = await call(ready, "GET", "/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json.detail).toMatch(/simulation workers cannot start/);
    } finally {
      delete process.env.SIMULATION_WORKER_FILE;
    }
  });

  it("both are in the OpenAPI document", () => {
    const paths = (openApiDocument() as { paths: Record<string, unknown> }).paths;
    expect(paths["/api/health/live"]).toBeDefined();
    expect(paths["/api/health/ready"]).toBeDefined();
  });
});

describe("readiness under load", () => {
  it("answers 200 while every pooled connection runs a slow statement, 503 when the server stops, 200 when it is back", async () => {
    const cluster = await postgresCluster();
    // The request pool: 2 connections; a request waits for one as long as the test needs.
    const handle = openDatabase({ mode: "server", url: cluster.url(), poolSize: 2, timeouts: { connectMs: 60_000, statementMs: 60_000 } });
    const watcher = new pg.Client({ connectionString: cluster.url() });
    watcher.on("error", () => {});
    try {
      await cluster.start();
      await watcher.connect();
      useDatabase(handle);
      // Both pooled connections busy, a third statement waiting for one.
      const slow = [1, 2, 3].map(() => handle.sql.query("SELECT pg_sleep(60)").then(() => "answered" as const, () => "failed" as const));
      const sleeping = async () =>
        Number((await watcher.query("SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)' AND state = 'active'")).rows[0].n);
      // The one wait here that is not on the app: the server tells which statements it runs only in
      // pg_stat_activity, which nothing can await, so it is read until both are in (the test's time
      // limit bounds it).
      while ((await sleeping()) < 2) await sleep(50);
      expect(await sleeping()).toBe(2);
      let waiting: "waiting" | "answered" | "failed" = "waiting";
      void slow[2].then((outcome) => (waiting = outcome));

      for (let probe = 0; probe < 3; probe++) {
        const response = await call(ready, "GET", "/api/health/ready");
        expect(response.status).toBe(200);
        expect(response.json.checks.database.status).toBe("ok");
      }
      // The pool was full the whole time: the third slow statement still waits for a connection.
      expect(waiting).toBe("waiting");
      expect(await sleeping()).toBe(2);

      // The database goes away (a fast shutdown ends the slow statements too): not ready.
      await watcher.end();
      await cluster.stop("SIGINT");
      const down = await call(ready, "GET", "/api/health/ready");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(down.json.detail).toMatch(/database does not answer/);
      expect(await Promise.all(slow)).toEqual(["failed", "failed", "failed"]);

      // Back: ready again, on a new probe connection.
      await cluster.start();
      expect((await call(ready, "GET", "/api/health/ready")).status).toBe(200);
    } finally {
      await watcher.end().catch(() => {});
      await closeDatabase().catch(() => {});
      useDatabase(db);
      await cluster.destroy();
    }
  }, 90_000);

  it("answers 503 once the embedded database is closed", async () => {
    // A copy of the migrated template (creating an empty one takes seconds more).
    const handle = openDatabase({ mode: "embedded", loadDataDir: embeddedTemplate() });
    useDatabase(handle);
    try {
      // Opened: PGlite starts at its first statement.
      await handle.sql.query("SELECT 1");
      expect((await call(ready, "GET", "/api/health/ready")).status).toBe(200);
      await handle.close();
      const response = await call(ready, "GET", "/api/health/ready");
      expect(response.status).toBe(503);
      expect(response.json.detail).toMatch(/database does not answer/);
    } finally {
      await closeDatabase().catch(() => {});
      useDatabase(db);
    }
  }, 60_000);
});

// /api/health/live and /api/health/ready: what each reports, and readiness's 503 and degraded answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as live } from "../../app/api/health/live/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { closeDatabase, openDatabase, useDatabase } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { memoryRateLimiter, redisRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { closeSimulationPool } from "../../lib/quantum/pool";
import { call } from "../helpers/http";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { freePort } from "./processes";

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
    expect(response.json.checks.database.latencyMs).toBeGreaterThanOrEqual(0);
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

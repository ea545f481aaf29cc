// A Redis outage degrades rate limiting to per-instance counts, never a 500, and readiness says
// so; when Redis returns, the shared counts resume. Runs a redis-server of its own.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listAgents } from "../../app/api/agents/route";
import { redisRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { call } from "../helpers/http";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { redisServer } from "./processes";

let redis: Awaited<ReturnType<typeof redisServer>>;
let db: TestDatabase;
const limiters: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  redis = await redisServer();
  await redis.start();
  db = await useTestDatabase();
});

afterAll(async () => {
  for (const limiter of limiters) await limiter.close();
  await redis?.stop();
  await db?.dispose();
});

const prefix = `syndicate:test:${randomBytes(4).toString("hex")}:`;
// A generous command timeout: on a loaded machine a call to a live Redis can take longer than the
// default 100 ms, and that instance would then count alone. What this file checks is the outage
// (calls to a stopped Redis fail at once), not the timeout (tests/security/redis-hang.test.ts).
const limiter = () => {
  const made = redisRateLimiter(redis.url, { prefix, commandTimeoutMs: 5_000 });
  limiters.push(made);
  return made;
};

describe("Redis outage", () => {
  it("falls back to in-memory limits while Redis is down, reports it, and shares counts again once it is back", async () => {
    const a = limiter();
    const b = limiter();
    await Promise.all([a.connected(), b.connected()]);
    expect(a.health()).toEqual({ backend: "redis", status: "ok" });
    expect(b.health()).toEqual({ backend: "redis", status: "ok" });
    // Shared: two instances count one window.
    expect((await a.hit("k", 3, 60)).remaining).toBe(2);
    expect((await b.hit("k", 3, 60)).remaining).toBe(1);

    await redis.stop();
    await Promise.all([a.disconnected(), b.disconnected()]);
    expect(a.health()).toMatchObject({ backend: "redis", status: "degraded" });
    // Each instance counts on its own now; no call throws or hangs. (A key of its own: on a loaded
    // machine a call above may have timed out and been counted by the fallback as well.)
    const during = [await a.hit("outage", 3, 60), await a.hit("outage", 3, 60), await b.hit("outage", 3, 60)];
    expect(during.map((d) => d.remaining)).toEqual([2, 1, 2]);

    await redis.start();
    // Both reconnect by themselves.
    await Promise.all([a.connected(), b.connected()]);
    expect([a.health(), b.health()]).toEqual([
      { backend: "redis", status: "ok" },
      { backend: "redis", status: "ok" },
    ]);
    // Back on the shared window (a fresh server: the count starts again, on both instances).
    expect((await a.hit("k2", 3, 60)).remaining).toBe(2);
    expect((await b.hit("k2", 3, 60)).remaining).toBe(1);
  });

  it("a rate-limited route answers 200, not 500, while Redis is down", async () => {
    const shared = limiter();
    useRateLimiter(shared);
    await shared.connected();
    expect((await call(listAgents, "GET", "/api/agents")).status).toBe(200);
    await redis.stop();
    const responses = [];
    for (let i = 0; i < 5; i++) responses.push(await call(listAgents, "GET", "/api/agents"));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[0].headers.get("ratelimit-limit")).not.toBeNull();
    await redis.start();
  });
});

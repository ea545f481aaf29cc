// Two production servers on one PostgreSQL database and one Redis, as behind a load balancer:
// started together on an empty database, a session and an API key made on one work on the
// other, a write on one is read on the other, rate limits are one count (not one per instance),
// and a sign-out on one is refused on the other. PostgreSQL is DATABASE_URL's server when set,
// else a private cluster (so this runs in both modes); Redis is a private redis-server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresCluster, redisServer } from "../reliability/processes";
import { ACCOUNTS, freshDatabase, startServer, stepLog, type SystemServer } from "./server";
import { createKey, signIn, signOut, withSession } from "./session";

const LIMIT = 30;
let a: SystemServer;
let b: SystemServer;
const cleanups: (() => Promise<unknown>)[] = [];
/** Figures for docs/operations.md, printed at the end. */
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  const step = stepLog("several instances");
  let base = process.env.DATABASE_URL;
  if (!base) {
    const cluster = await postgresCluster();
    cleanups.push(() => cluster.destroy());
    await cluster.start();
    base = cluster.url();
    step("private PostgreSQL cluster up");
  }
  const db = await freshDatabase(base, "instances");
  cleanups.push(db.drop);
  const redis = await redisServer();
  cleanups.push(() => redis.stop());
  await redis.start();
  step("database and redis-server ready");
  // A Redis call slower than RATE_LIMIT_REDIS_TIMEOUT_MS (100 ms) sends an instance to its own
  // in-memory count for a while, by design (tests/security/redis-hang.test.ts): on a loaded CI machine
  // one did, and counted its half of the requests alone. The shared count is what is tested here.
  const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, RATE_LIMIT_PER_KEY: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: "600", RATE_LIMIT_REDIS_TIMEOUT_MS: "10000" };
  // Both at once on an empty database: migrations, the seed and the signing secret must not race.
  const started = Date.now();
  [a, b] = await Promise.all([startServer({ env, ready: false }), startServer({ env, ready: false })]);
  step(`both servers spawned (ports ${a.port} and ${b.port})`);
  await Promise.all([a.waitReady(150_000), b.waitReady(150_000)]);
  figures.bothReadyMs = Date.now() - started;
  // The first start of one is the work of one: neither fails its start-up and retries.
  expect([a, b].flatMap((server) => server.lines().filter((line) => /startup: (not ready|ready after)/.test(line.text)).map((line) => line.text))).toEqual([]);
  step("both servers ready");
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  console.log(`several instances: ${JSON.stringify(figures)}`);
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("two instances on one database and one Redis", () => {
  it("both are ready with the shared rate limiter (Redis ok), on one seeded database", async () => {
    for (const server of [a, b]) {
      const ready = await server.fetch("/api/health/ready");
      expect(ready.status).toBe(200);
      expect(await json(ready)).toMatchObject({ status: "ok", checks: { database: { status: "ok" }, redis: { status: "ok" } } });
    }
    // One seed, not two: the catalog each answers is the same size.
    const [countA, countB] = await Promise.all([a, b].map(async (server) => Number((await server.fetch("/api/agents?limit=1")).headers.get("x-total-count"))));
    expect(countA).toBeGreaterThan(0);
    expect(countB).toBe(countA);
  });

  it("a session signed in on one is accepted on the other; an API key made on one works on the other", async () => {
    const jar = await signIn(a, ACCOUNTS.operator);
    // GET /api/keys needs a credential: anonymous is 401 on both, the session from A is 200 on B.
    expect((await b.fetch("/api/keys")).status).toBe(401);
    const keysOnB = await withSession(b, jar, "/api/keys");
    expect(keysOnB.status).toBe(200);
    // A key made on B with that session (a write: same-origin, B's Origin) works on A.
    const key = await createKey(b, jar);
    const created = await a.fetch("/api/agents", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ id: "two-instances-key", name: "Made with a key from the other instance", aiEngine: "GPT-4o" }),
    });
    expect(created.status).toBe(201);
    // And on B, where it was made.
    const deleted = await b.fetch("/api/agents/two-instances-key", { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
    expect(deleted.status).toBe(204);
    // The session works on A too, where it was signed in.
    expect((await withSession(a, jar, "/api/keys")).status).toBe(200);
  });

  it("a write on one is read on the other, both ways", async () => {
    const key = await createKey(a, await signIn(a, ACCOUNTS.operator));
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const created = await a.fetch("/api/agents", { method: "POST", headers: auth, body: JSON.stringify({ id: "written-on-a", name: "Written on A", aiEngine: "GPT-4o" }) });
    expect(created.status).toBe(201);
    const readOnB = await b.fetch("/api/agents/written-on-a/details");
    expect(readOnB.status).toBe(200);
    expect(await json(readOnB)).toMatchObject({ id: "written-on-a", name: "Written on A" });

    const updated = await b.fetch("/api/agents/written-on-a", { method: "PUT", headers: auth, body: JSON.stringify({ id: "written-on-a", name: "Renamed on B", aiEngine: "GPT-4o" }) });
    expect(updated.ok).toBe(true);
    expect(await json(await a.fetch("/api/agents/written-on-a/details"))).toMatchObject({ name: "Renamed on B" });

    expect((await b.fetch("/api/agents/written-on-a", { method: "DELETE", headers: { authorization: `Bearer ${key}` } })).status).toBe(204);
    expect((await a.fetch("/api/agents/written-on-a/details")).status).toBe(404);
  });

  it("rate limits are one count across both: a user's limit is reached after LIMIT requests in all, not LIMIT on each", async () => {
    // The operator's own account (the sign-out test below uses the viewer's): the count is the
    // user's, so the session's request that made the key has counted already.
    const key = await createKey(a, await signIn(a, ACCOUNTS.operator));
    const statuses: { server: "a" | "b"; status: number; remaining: number }[] = [];
    for (let n = 0; n < 2 * LIMIT; n++) {
      const [name, server] = n % 2 === 0 ? (["a", a] as const) : (["b", b] as const);
      const response = await server.fetch("/api/agents?limit=1", { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      statuses.push({ server: name, status: response.status, remaining: Number(response.headers.get("ratelimit-remaining")) });
    }
    const allowed = statuses.filter((s) => s.status === 200);
    expect(statuses.filter((s) => s.status !== 200 && s.status !== 429)).toEqual([]);
    // What was left of the user's count when the key's first request came.
    const left = statuses[0].remaining + 1;
    expect(left).toBeLessThan(LIMIT);
    expect(left).toBeGreaterThan(LIMIT / 2);
    figures.rateLimit = { limit: LIMIT, left, sent: statuses.length, allowed: allowed.length, onA: allowed.filter((s) => s.server === "a").length, onB: allowed.filter((s) => s.server === "b").length };
    expect(allowed.length).toBe(left);
    expect(statuses.slice(0, left).every((s) => s.status !== 429)).toBe(true);
    expect(statuses.slice(left).every((s) => s.status === 429)).toBe(true);
    // The count each instance reports is the shared one: remaining goes down by one per request, whichever answered.
    expect(statuses.slice(0, left).map((s) => s.remaining)).toEqual(Array.from({ length: left }, (_, n) => left - 1 - n));
  });

  it("a sign-out on one is refused on the other, for the token used and any copy of it", async () => {
    const jar = await signIn(a, ACCOUNTS.viewer);
    const copy = jar.clone();
    expect((await withSession(b, copy, "/api/keys")).status).toBe(200);
    expect(await signOut(a, jar)).toBeLessThan(400);
    const onB = await withSession(b, copy, "/api/keys");
    expect(onB.status).toBe(401);
    expect(onB.headers.get("content-type")).toBe("application/problem+json");
    expect((await withSession(a, copy, "/api/keys")).status).toBe(401);
    // Signing in again works, on either.
    const again = await signIn(b, ACCOUNTS.viewer);
    expect((await withSession(a, again, "/api/keys")).status).toBe(200);
  });
});

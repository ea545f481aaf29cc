// Both rate limiters obey the same contract; the Redis one runs on the machine's Redis
// (REDIS_URL, default 127.0.0.1:6379), where several instances would share its counts.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimiter, redisRateLimiter } from "./rate-limit";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("memory rate limiter", () => {
  it("allows the limit, refuses the next, and resets after the window", async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit("k", 3, 10));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3].resetSeconds).toBe(10);
    now += 4_000;
    expect((await limiter.hit("k", 3, 10)).resetSeconds).toBe(6);
    now += 6_000;
    expect(await limiter.hit("k", 3, 10)).toMatchObject({ allowed: true, remaining: 2 });
    expect((await limiter.hit("other", 3, 10)).remaining).toBe(2);
  });
});

describe("Redis rate limiter", () => {
  const prefix = `syndicate:test:${randomBytes(4).toString("hex")}:`;
  const a = redisRateLimiter(redisUrl, prefix);
  const b = redisRateLimiter(redisUrl, prefix);
  afterAll(async () => {
    await a.reset();
    await a.close();
    await b.close();
  });

  it("shares one count between two instances, refuses past the limit, and resets after the window", async () => {
    // A window no run outlasts, for the count.
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await (i % 2 === 0 ? a : b).hit("key-1", 4, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false]);
    expect(results[3].remaining).toBe(0);
    expect(results[4].resetSeconds).toBeGreaterThan(0);
    expect(results[4].resetSeconds).toBeLessThanOrEqual(60);
    // A one-second window, for the reset: Redis expires it in its own time, which the test waits out
    // (the scenario itself).
    expect(await a.hit("key-2", 1, 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await b.hit("key-2", 1, 1)).toMatchObject({ allowed: false, resetSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await b.hit("key-2", 1, 1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

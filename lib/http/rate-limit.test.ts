// Both rate limiters obey the same contract; the Redis one runs on the machine's Redis
// (REDIS_URL, default 127.0.0.1:6379), where several instances would share its counts.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Redis } from "ioredis";
import { memoryRateLimiter, redisRateLimiter } from "./rate-limit";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("memory rate limiter", () => {
  // The library reads Date.now(): only the clock is faked, timers stay real.
  afterEach(() => vi.useRealTimers());

  it("allows the limit, refuses the next, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 0 });
    const limiter = memoryRateLimiter();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.hit("k", 3, 10));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3].resetSeconds).toBe(10);
    vi.setSystemTime(4_000);
    expect((await limiter.hit("k", 3, 10)).resetSeconds).toBe(6);
    vi.setSystemTime(10_000);
    expect(await limiter.hit("k", 3, 10)).toMatchObject({ allowed: true, remaining: 2 });
    expect((await limiter.hit("other", 3, 10)).remaining).toBe(2);
  });

  it("counts a key against the limit it is hit with, and forgets everything on reset", async () => {
    const limiter = memoryRateLimiter();
    await limiter.hit("k", 2, 60);
    // The same window with a lower limit reads the same count (settings change; counts do not reset).
    expect(await limiter.hit("k", 1, 60)).toMatchObject({ allowed: false, remaining: 0 });
    await limiter.reset();
    expect(await limiter.hit("k", 1, 60)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe("Redis rate limiter", () => {
  const prefix = `syndicate:test:${randomBytes(4).toString("hex")}:`;
  // This contract is the shared count, not the fallback: a call gets far longer than the 100 ms after
  // which a server falls back to its own count (on a loaded CI machine a call took longer, the two
  // instances counted apart and the fifth hit was let through). The fallback has its own tests.
  const a = redisRateLimiter(redisUrl, { prefix, commandTimeoutMs: 10_000 });
  const b = redisRateLimiter(redisUrl, { prefix, commandTimeoutMs: 10_000 });
  afterAll(async () => {
    await a.reset();
    await a.close();
    await b.close();
  });

  it("shares one count between two instances, refuses past the limit, and resets after the window", async () => {
    await Promise.all([a.connected(), b.connected()]);
    // A window no run outlasts, for the count.
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await (i % 2 === 0 ? a : b).hit("key-1", 4, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false]);
    expect(results[3].remaining).toBe(0);
    expect(results[4].resetSeconds).toBeGreaterThan(0);
    expect(results[4].resetSeconds).toBeLessThanOrEqual(60);
    // A one-second window, for the reset. The window ends when Redis expires the key (its own
    // clock): the test waits for that, not for a fixed time.
    expect(await a.hit("key-2", 1, 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await b.hit("key-2", 1, 1)).toMatchObject({ allowed: false, resetSeconds: 1 });
    const probe = new Redis(redisUrl);
    try {
      while ((await probe.keys(`${prefix}*key-2`)).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
    expect(await b.hit("key-2", 1, 1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

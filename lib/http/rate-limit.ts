// Fixed-window rate limits per API key and per client address. In memory on one instance;
// in Redis (REDIS_URL) so that several instances share one count. When Redis does not answer,
// the Redis limiter falls back to an in-memory one (limits per instance, never a 500) and goes
// back to the shared counts as soon as Redis answers again; readiness reports the degradation.
import { Redis } from "ioredis";

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type RateLimiter = {
  hit: (key: string, limit: number, windowSeconds: number) => Promise<RateDecision>;
  reset: () => Promise<void>;
};

const decide = (count: number, limit: number, ttlMs: number): RateDecision => ({
  allowed: count <= limit,
  limit,
  remaining: Math.max(0, limit - count),
  resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
});

export const memoryRateLimiter = (now: () => number = Date.now): RateLimiter => {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (key, limit, windowSeconds) => {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
        // Keep the map small: drop windows that have ended.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      }
      window.count += 1;
      return decide(window.count, limit, window.resetAt - time);
    },
    reset: async () => windows.clear(),
  };
};

// INCR and set the window's expiry on its first hit, atomically; answers [count, ttl ms].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export type RedisLimiterHealth = { backend: "redis"; status: "ok" | "degraded"; detail?: string };
export type RateLimiterHealth = { backend: "memory" } | RedisLimiterHealth;

export type RedisRateLimiterOptions = {
  prefix?: string;
  /** How long one Redis call may take before this request falls back (ms). */
  commandTimeoutMs?: number;
  /** Reconnect delay cap while Redis is away (ms). */
  maxReconnectDelayMs?: number;
};

export const redisRateLimiter = (
  url: string,
  prefixOrOptions: string | RedisRateLimiterOptions = {},
): RateLimiter & { close: () => Promise<void>; health: () => RedisLimiterHealth } => {
  const options = typeof prefixOrOptions === "string" ? { prefix: prefixOrOptions } : prefixOrOptions;
  const prefix = options.prefix ?? "syndicate:rl:";
  const maxDelay = options.maxReconnectDelayMs ?? 1_000;
  // No offline queue: while Redis is away a call fails at once instead of waiting for it.
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 100, maxDelay),
  });
  // The script by its SHA (EVALSHA; ioredis sends it again if Redis lost it): one round trip per
  // request either way, without sending and hashing the script text on every hit.
  redis.defineCommand("syndicateRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  const hitScript = (redis as Redis & { syndicateRateHit: (key: string, windowMs: string) => Promise<[number, number]> }).syndicateRateHit.bind(redis);
  let lastError: string | undefined;
  redis.on("error", (error: Error) => {
    lastError = error.message;
  });
  let everReady = false;
  // A call that failed just as Redis went away marks the limiter failing; a new connection starts
  // it afresh (else health would stay "degraded" after Redis is back, until some request succeeds).
  let failing = false;
  redis.on("ready", () => {
    lastError = undefined;
    failing = false;
    everReady = true;
  });
  // The first calls after start wait (briefly) for the first connection instead of falling back.
  const firstConnection = (ms: number) =>
    everReady || redis.status === "end"
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          redis.once("ready", () => {
            clearTimeout(timer);
            resolve();
          });
        });
  const fallback = memoryRateLimiter();
  return {
    hit: async (key, limit, windowSeconds) => {
      if (redis.status !== "ready") await firstConnection(options.commandTimeoutMs ?? 500);
      if (redis.status !== "ready") return fallback.hit(key, limit, windowSeconds);
      try {
        const [count, ttl] = await hitScript(prefix + key, String(windowSeconds * 1000));
        failing = false;
        return decide(count, limit, ttl);
      } catch (error) {
        failing = true;
        lastError = (error as Error).message;
        return fallback.hit(key, limit, windowSeconds);
      }
    },
    health: () =>
      redis.status === "ready" && !failing
        ? { backend: "redis", status: "ok" }
        : { backend: "redis", status: "degraded", detail: `Redis ${redis.status}${lastError ? ` (${lastError})` : ""}: rate limits are per instance until it answers` },
    reset: async () => {
      await firstConnection(5_000);
      const keys = await redis.keys(prefix + "*");
      if (keys.length > 0) await redis.del(...keys);
    },
    close: async () => {
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
};

const state = globalThis as typeof globalThis & { __syndicateRateLimiter?: RateLimiter & { health?: () => RateLimiterHealth } };

export const getRateLimiter = (): RateLimiter =>
  (state.__syndicateRateLimiter ??= process.env.REDIS_URL ? redisRateLimiter(process.env.REDIS_URL) : memoryRateLimiter());

/** Which limiter serves, and whether Redis answers (for readiness). */
export const rateLimiterHealth = (): RateLimiterHealth => {
  const limiter = getRateLimiter() as RateLimiter & { health?: () => RateLimiterHealth };
  return limiter.health ? limiter.health() : { backend: "memory" };
};

/** Closes the process's limiter's connection (graceful shutdown). */
export const closeRateLimiter = async () => {
  const limiter = state.__syndicateRateLimiter as (RateLimiter & { close?: () => Promise<void> }) | undefined;
  state.__syndicateRateLimiter = undefined;
  await limiter?.close?.();
};

export const useRateLimiter = (limiter: RateLimiter) => {
  state.__syndicateRateLimiter = limiter;
};

export const rateLimitHeaders = (decision: RateDecision): Record<string, string> => ({
  "ratelimit-limit": String(decision.limit),
  "ratelimit-remaining": String(decision.remaining),
  "ratelimit-reset": String(decision.resetSeconds),
});

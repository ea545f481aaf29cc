// Fixed-window rate limits per user and per client address, counted by rate-limiter-flexible: in
// memory on one instance (RateLimiterMemory); in Redis (REDIS_URL, RateLimiterRedis) so that
// several instances share one count. When Redis fails or does not answer in time, the Redis
// limiter falls back to the in-memory one (limits per instance, never a 500) and a circuit breaker
// keeps requests off Redis until a background probe finds it answering again; readiness reports
// the degradation. The library does the counting; this module adds the breaker, the health report
// and the shape the route wrapper reads (RateDecision).
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { envSection } from "../config/section";

export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type RateLimiter = {
  hit: (key: string, limit: number, windowSeconds: number) => Promise<RateDecision>;
  reset: () => Promise<void>;
};

const decisionOf = (result: RateLimiterRes, limit: number): RateDecision => ({
  allowed: result.consumedPoints <= limit,
  limit,
  remaining: Math.max(0, limit - result.consumedPoints),
  resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
});

/**
 * The library's limiters are made per window and keep the count; the limit comes per call (it is a
 * setting) and is compared here with the count, so a changed limit reads the same count. Each
 * window's limiter is made when first met and kept; its own limit is never reached (a count past
 * the caller's limit is still counted, as the fixed window needs).
 */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;
const limitersBy = <L extends RateLimiterAbstract>(make: (windowSeconds: number) => L) => {
  const made = new Map<number, L>();
  return {
    hit: async (key: string, limit: number, windowSeconds: number) => {
      let limiter = made.get(windowSeconds);
      if (!limiter) made.set(windowSeconds, (limiter = make(windowSeconds)));
      return decisionOf(await limiter.consume(key, 1), limit);
    },
    clear: () => made.clear(),
  };
};

export const memoryRateLimiter = (): RateLimiter => {
  const limiters = limitersBy((duration) => new RateLimiterMemory({ points: UNBOUNDED, duration }));
  return { hit: limiters.hit, reset: async () => limiters.clear() };
};

export type RedisLimiterHealth = { backend: "redis"; status: "ok" | "degraded"; detail?: string };
export type RateLimiterHealth = { backend: "memory" } | RedisLimiterHealth;

export type RedisRateLimiterOptions = {
  prefix?: string;
  /** How long one Redis call may take before the request falls back and Redis is suspect (ms). */
  commandTimeoutMs?: number;
  /** How long a suspect Redis is left alone before one background probe tries it again (ms). */
  retryMs?: number;
  /** Reconnect delay cap while Redis is away (ms). */
  maxReconnectDelayMs?: number;
  /** Tests: the clock the circuit breaker reads (ms). */
  now?: () => number;
};

export type RedisRateLimiter = RateLimiter & {
  close: () => Promise<void>;
  health: () => RedisLimiterHealth;
  /** Calls this limiter made to Redis (or waits for its connection): hits, and probes of a suspect Redis. */
  redisAttempts: () => number;
  /** Tests: settles when the background probe under way, if any, has. */
  probed: () => Promise<void>;
  /** Tests: settles once the connection to Redis is up and trusted (at once if it is). */
  connected: () => Promise<void>;
  /** Tests: settles once the connection to Redis is lost (at once if it is not up). */
  disconnected: () => Promise<void>;
};

export const DEFAULT_REDIS_TIMEOUT_MS = 100;
export const DEFAULT_REDIS_RETRY_MS = 5_000;

/**
 * The Redis limiter, behind a circuit breaker. A Redis that fails or does not answer a call within
 * `commandTimeoutMs` (one that accepts connections and never answers, say) is suspect: that
 * request, and every one after it, counts in memory at once, without calling Redis, so the hang
 * costs one request one timeout rather than every request. After `retryMs` one background probe
 * (PING) tries Redis again, no request waiting for it; an answer, or a new connection that passes
 * ioredis's ready check, closes the breaker and the shared counts resume.
 */
export const redisRateLimiter = (url: string, prefixOrOptions: string | RedisRateLimiterOptions = {}): RedisRateLimiter => {
  const options = typeof prefixOrOptions === "string" ? { prefix: prefixOrOptions } : prefixOrOptions;
  const prefix = options.prefix ?? "syndicate:rl:";
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  const retryMs = options.retryMs ?? DEFAULT_REDIS_RETRY_MS;
  const now = options.now ?? Date.now;
  const maxDelay = options.maxReconnectDelayMs ?? 1_000;
  // No offline queue: while Redis is away a call fails at once instead of waiting for it.
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: timeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 100, maxDelay),
  });
  // The library's Redis store: one atomic script per hit (count and window expiry), by its SHA.
  // Keys: <prefix>w<window>:<key>, so every instance with the same settings shares the count.
  const limiters = limitersBy((duration) => new RateLimiterRedis({ storeClient: redis, points: UNBOUNDED, duration, keyPrefix: `${prefix}w${duration}` }));
  let attempts = 0;
  let lastError: string | undefined;
  // The breaker: while `suspectUntil` is set Redis is not called by requests; from that time on
  // one background probe at a time may call it.
  let suspectUntil: number | undefined;
  let probe: Promise<void> | undefined;
  const suspect = (why: string) => {
    lastError = why;
    suspectUntil = now() + retryMs;
  };
  const trust = () => {
    lastError = undefined;
    suspectUntil = undefined;
  };
  redis.on("error", (error: Error) => {
    lastError = error.message;
  });
  let everReady = false;
  // A new connection answered ioredis's ready check (INFO): Redis answers again.
  redis.on("ready", () => {
    everReady = true;
    trust();
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
  const startProbe = () => {
    if (probe || suspectUntil === undefined || now() < suspectUntil) return;
    // Not again before another retryMs, whatever this probe's fate.
    suspectUntil = now() + retryMs;
    attempts += 1;
    probe = redis
      .ping()
      .then(trust, (error: Error) => suspect(`no answer to a probe: ${error.message}`))
      .finally(() => {
        probe = undefined;
      });
  };
  const fallback = memoryRateLimiter();
  return {
    hit: async (key, limit, windowSeconds) => {
      if (suspectUntil !== undefined) {
        startProbe();
        return fallback.hit(key, limit, windowSeconds);
      }
      if (redis.status !== "ready") {
        if (everReady || redis.status === "end") return fallback.hit(key, limit, windowSeconds);
        attempts += 1;
        await firstConnection(timeoutMs);
        // (Read again: the wait may have changed it.)
        if ((redis.status as string) !== "ready") {
          suspect(`not connected within ${timeoutMs} ms`);
          return fallback.hit(key, limit, windowSeconds);
        }
      }
      attempts += 1;
      try {
        return await limiters.hit(key, limit, windowSeconds);
      } catch (error) {
        suspect((error as Error).message);
        return fallback.hit(key, limit, windowSeconds);
      }
    },
    health: () => {
      if (suspectUntil !== undefined) {
        return {
          backend: "redis",
          status: "degraded",
          detail: `Redis is suspect (${lastError ?? "no answer"}): rate limits are per instance; it is tried again every ${Math.ceil(retryMs / 1000)} s`,
        };
      }
      return redis.status === "ready"
        ? { backend: "redis", status: "ok" }
        : { backend: "redis", status: "degraded", detail: `Redis ${redis.status}${lastError ? ` (${lastError})` : ""}: rate limits are per instance until it answers` };
    },
    redisAttempts: () => attempts,
    probed: async () => {
      await probe;
    },
    // The limiter's own "ready" listener (above, registered first) has trusted Redis again by the time these settle.
    connected: () => (redis.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => redis.once("ready", () => resolve()))),
    disconnected: () => (redis.status !== "ready" ? Promise.resolve() : new Promise<void>((resolve) => redis.once("close", () => resolve()))),
    reset: async () => {
      await fallback.reset();
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

const ZRedisLimits = z.object({
  RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_REDIS_TIMEOUT_MS),
  RATE_LIMIT_REDIS_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_REDIS_RETRY_MS),
});
const redisLimits = envSection("rate limit configuration", ZRedisLimits);

export const getRateLimiter = (): RateLimiter => {
  if (state.__syndicateRateLimiter) return state.__syndicateRateLimiter;
  const url = process.env.REDIS_URL;
  const limits = url ? redisLimits.get() : undefined;
  return (state.__syndicateRateLimiter =
    url && limits ? redisRateLimiter(url, { commandTimeoutMs: limits.RATE_LIMIT_REDIS_TIMEOUT_MS, retryMs: limits.RATE_LIMIT_REDIS_RETRY_MS }) : memoryRateLimiter());
};

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

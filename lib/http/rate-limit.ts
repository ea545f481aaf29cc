// Fixed-window rate limits per API key and per client address. In memory on one instance;
// in Redis (REDIS_URL) so that several instances share one count.
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

export const redisRateLimiter = (url: string, prefix = "syndicate:rl:"): RateLimiter & { close: () => Promise<void> } => {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on("error", () => {});
  return {
    hit: async (key, limit, windowSeconds) => {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowSeconds * 1000))) as [number, number];
      return decide(count, limit, ttl);
    },
    reset: async () => {
      const keys = await redis.keys(prefix + "*");
      if (keys.length > 0) await redis.del(...keys);
    },
    close: async () => {
      await redis.quit();
    },
  };
};

export type RateLimitSettings = { perKey: number; perAddress: number; windowSeconds: number };

const state = globalThis as typeof globalThis & { __syndicateRateLimiter?: RateLimiter };

export const getRateLimiter = (): RateLimiter =>
  (state.__syndicateRateLimiter ??= process.env.REDIS_URL ? redisRateLimiter(process.env.REDIS_URL) : memoryRateLimiter());

export const useRateLimiter = (limiter: RateLimiter) => {
  state.__syndicateRateLimiter = limiter;
};

export const rateLimitHeaders = (decision: RateDecision): Record<string, string> => ({
  "ratelimit-limit": String(decision.limit),
  "ratelimit-remaining": String(decision.remaining),
  "ratelimit-reset": String(decision.resetSeconds),
});

// One GET of a data provider's JSON, shared by the explorer and price clients: a timeout per
// request, and rate limiting (HTTP 429, or a provider's own "rate limit" answer) met with a
// back-off (the provider's Retry-After when it sends one, else base × 2^n) before a new try. When
// the tries run out the caller gets a 503 with Retry-After, which a background job retries later.
import { AppError } from "../../core/errors";

export type FetchPolicy = {
  /** Abort one request after this many milliseconds. */
  timeoutMs: number;
  /** Tries for a rate-limited request (the first included). */
  maxTries: number;
  /** The first back-off in milliseconds; doubled on every further try. */
  backoffMs: number;
  signal?: AbortSignal;
};

/** Thrown by a caller's `check` when the body itself says "rate limited" (an Etherscan-style answer). */
export class RateLimited extends Error {}

// The abort listener goes when the wait ends, so a job's signal does not gather one per back-off.
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => (clearTimeout(timer), reject(signal!.reason));
    const timer = setTimeout(() => (signal?.removeEventListener("abort", onAbort), resolve()), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

const retryAfterMs = (header: string | null) => {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
};

/** `what` names the provider in messages ("eth-mainnet explorer"); URLs are never echoed (they may hold a key). */
export const fetchJson = async <T>(url: string, what: string, policy: FetchPolicy, check: (body: unknown) => T): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    let wait: number | null = null;
    let response: Response;
    try {
      const signals = [AbortSignal.timeout(policy.timeoutMs), ...(policy.signal ? [policy.signal] : [])];
      response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.any(signals) });
    } catch (error) {
      if (policy.signal?.aborted) throw policy.signal.reason;
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new AppError("unavailable", timedOut ? `The ${what} did not answer within ${policy.timeoutMs} ms.` : `The ${what} could not be reached.`, { headers: { "retry-after": "30" } });
    }
    if (response.status === 429) {
      await response.body?.cancel();
      wait = retryAfterMs(response.headers.get("retry-after")) ?? policy.backoffMs * 2 ** (attempt - 1);
    } else if (!response.ok) {
      await response.body?.cancel();
      throw new AppError("unavailable", `The ${what} answered HTTP ${response.status}.`, { headers: { "retry-after": "30" } });
    } else {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new AppError("unavailable", `The ${what} answered something that is not JSON.`, { headers: { "retry-after": "30" } });
      }
      try {
        return check(body);
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error;
        wait = policy.backoffMs * 2 ** (attempt - 1);
      }
    }
    if (attempt >= policy.maxTries) {
      throw new AppError("unavailable", `The ${what} is rate limiting this server (${attempt} tries).`, { headers: { "retry-after": String(Math.ceil(Math.max(wait, 1000) / 1000)) } });
    }
    await sleep(wait, policy.signal);
  }
};

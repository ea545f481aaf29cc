// The agent's HTTP client: JSON over fetch with the agent credential, problem documents (RFC 9457)
// turned into ApiError, and back-off when the service asks for it (429 Too Many Requests, 503
// Service Unavailable: Retry-After when given, else an exponential wait) or cannot be reached.
import { setTimeout as sleep } from "node:timers/promises";

/** A problem document (RFC 9457), as every error of the API answers. */
export type Problem = { type?: string; title?: string; status?: number; detail?: string; errors?: { path: string; message: string }[] };

/** An answer of 400 or more; `problem` is its problem document. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly problem: Problem,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path}: ${status} ${problem.title ?? ""}${problem.detail ? `: ${problem.detail}` : ""}`.trim());
  }
}

export type Query = Record<string, string | number | boolean | undefined>;
export type RequestOptions = { query?: Query; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

export type BackOff = {
  /** First wait when the service gives no Retry-After (ms; doubles each time). */
  initialMs: number;
  /** Longest wait (ms). */
  maxMs: number;
  /** Tries of one request before its error is thrown (the claim loop retries without end). */
  attempts: number;
};

export const DEFAULT_BACK_OFF: BackOff = { initialMs: 500, maxMs: 30_000, attempts: 6 };

export type AgentApiOptions = {
  /** Where the service is, e.g. http://localhost:3000. */
  url: string;
  /** The agent credential (ak_syn_…). */
  credential: string;
  backOff?: Partial<BackOff>;
  /** Told of each wait (status 429/503, or 0 when the service could not be reached). */
  onBackOff?: (info: { method: string; path: string; status: number; waitMs: number; attempt: number }) => void;
  fetch?: typeof fetch;
};

/** The statuses that mean "not now": wait and try again. */
const RETRY_STATUSES = new Set([429, 503]);

/** Retry-After in ms: seconds or an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (value: string | null, now = Date.now()): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

/** The wait before try `attempt` (1-based) without a Retry-After: exponential, with up to 20 % jitter so that many agents do not return together. */
export const backOffMs = (attempt: number, backOff: BackOff, jitter = Math.random()): number =>
  Math.min(backOff.maxMs, backOff.initialMs * 2 ** (attempt - 1)) * (0.8 + 0.2 * jitter);

export type AgentApi = {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<{ status: number; data: T | undefined; headers: Headers }>;
  get<T = unknown>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, query?: Query, signal?: AbortSignal): Promise<T>;
  put<T = unknown>(path: string, body: unknown, signal?: AbortSignal): Promise<T>;
  patch<T = unknown>(path: string, body: unknown, signal?: AbortSignal): Promise<T>;
  delete<T = unknown>(path: string, signal?: AbortSignal): Promise<T>;
};

const isAbort = (error: unknown) => error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");

export const createAgentApi = (options: AgentApiOptions): AgentApi => {
  const base = options.url.replace(/\/+$/, "");
  const backOff = { ...DEFAULT_BACK_OFF, ...options.backOff };
  const doFetch = options.fetch ?? fetch;

  const request = async <T>(method: string, path: string, { query, body, signal, headers }: RequestOptions = {}) => {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const init: RequestInit = {
      method,
      headers: { authorization: `Bearer ${options.credential}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    };
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (error) {
        // Not reachable (refused, reset, DNS): wait as for a 503, unless the caller gave up.
        if (isAbort(error) || signal?.aborted || attempt >= backOff.attempts) throw error;
        const waitMs = backOffMs(attempt, backOff);
        options.onBackOff?.({ method, path, status: 0, waitMs, attempt });
        await sleep(waitMs, undefined, signal ? { signal } : undefined);
        continue;
      }
      if (RETRY_STATUSES.has(response.status) && attempt < backOff.attempts) {
        await response.body?.cancel().catch(() => {});
        const waitMs = Math.min(backOff.maxMs, retryAfterMs(response.headers.get("retry-after")) ?? backOffMs(attempt, backOff));
        options.onBackOff?.({ method, path, status: response.status, waitMs, attempt });
        await sleep(waitMs, undefined, signal ? { signal } : undefined);
        continue;
      }
      const text = await response.text();
      const data = text && /json/.test(response.headers.get("content-type") ?? "") ? (JSON.parse(text) as unknown) : text || undefined;
      if (response.status >= 400) {
        const problem = data && typeof data === "object" ? (data as Problem) : { title: response.statusText, detail: typeof data === "string" ? data.slice(0, 500) : undefined };
        throw new ApiError(response.status, problem, method, path);
      }
      return { status: response.status, data: data as T | undefined, headers: response.headers };
    }
  };

  const data = async <T>(method: string, path: string, options?: RequestOptions) => (await request<T>(method, path, options)).data as T;
  return {
    request,
    get: (path, query, signal) => data("GET", path, { query, signal }),
    post: (path, body, query, signal) => data("POST", path, { body, query, signal }),
    put: (path, body, signal) => data("PUT", path, { body, signal }),
    patch: (path, body, signal) => data("PATCH", path, { body, signal }),
    delete: (path, signal) => data("DELETE", path, { signal }),
  };
};

// Start-up that recovers by itself: the first attempt to prepare the app (migrate, seed, admin)
// runs before the server serves; when it fails (database unreachable, embedded folder held by
// another process), the server still starts, answers 503 problems, and keeps retrying in the
// background with a growing delay until it succeeds. Readiness reports the phase.

export type StartupState = { phase: "preparing" | "retrying" | "ready"; attempts: number; lastError?: string };

// On globalThis: instrumentation and route handlers may be separate module instances.
const state = globalThis as typeof globalThis & { __syndicateStartup?: StartupState; __syndicateStartupRetries?: Promise<void> };

/** undefined when nothing prepares this process (tests, scripts). */
export const startupState = (): StartupState | undefined => state.__syndicateStartup;

/** Forgets the start-up and ends its background retries, if any (tests: the process moves on to another database). */
export const resetStartupState = () => {
  state.__syndicateStartup = undefined;
  state.__syndicateStartupRetries = undefined;
};

/** Tests: settles once the background retries of a start-up have ended (it is ready, or was forgotten); at once when none run. */
export const whenStartupRetriesEnd = (): Promise<void> => state.__syndicateStartupRetries ?? Promise.resolve();

/**
 * One line saying what failed. Some errors have an empty message (a connection refused on every
 * address of a host is an AggregateError whose message is ""): then their code, their inner
 * errors, or their name.
 */
export const describeError = (error: unknown): string => {
  const e = error as { message?: unknown; code?: unknown; errors?: unknown; name?: unknown } | null | undefined;
  const message = typeof e?.message === "string" ? e.message.split("\n")[0].trim() : "";
  if (message) return message;
  if (Array.isArray(e?.errors) && e.errors.length > 0) {
    const inner = [...new Set(e.errors.map((x) => describeError(x)))].join("; ");
    return typeof e.code === "string" ? `${e.code}: ${inner}` : inner;
  }
  if (typeof e?.code === "string" && e.code) return e.code;
  if (typeof e?.name === "string" && e.name && e.name !== "Error") return e.name;
  const text = String(error);
  return text && text !== "[object Object]" && text !== "Error" ? text : "unknown error (no message)";
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export const prepareWithRetry = async (
  prepare: () => Promise<void>,
  options: { log?: (message: string) => void; firstDelayMs?: number; maxDelayMs?: number } = {},
): Promise<void> => {
  const log = options.log ?? ((message: string) => console.error(message));
  const current: StartupState = { phase: "preparing", attempts: 0 };
  state.__syndicateStartup = current;
  state.__syndicateStartupRetries = undefined;
  const attempt = async () => {
    current.attempts += 1;
    try {
      await prepare();
      current.phase = "ready";
      current.lastError = undefined;
      return true;
    } catch (error) {
      current.phase = "retrying";
      current.lastError = describeError(error);
      return false;
    }
  };
  if (await attempt()) return;
  log(`startup: not ready (${current.lastError}); serving 503 and retrying in the background`);
  state.__syndicateStartupRetries = (async () => {
    let delay = options.firstDelayMs ?? 500;
    for (;;) {
      await sleep(delay);
      // Forgotten meanwhile (resetStartupState): a later start-up, or none, is the process's now.
      if (state.__syndicateStartup !== current) return;
      if (await attempt()) {
        log(`startup: ready after ${current.attempts} attempts`);
        return;
      }
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  })();
};

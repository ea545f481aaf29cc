// Transactions that lose a race the database itself detects — a deadlock (SQLSTATE 40P01), a
// serialization failure (40001), which Prisma reports as P2034 — were rolled back whole by the
// database, so running them again is safe and is what the caller would do anyway. The process's
// client (lib/db `prisma`) runs every interactive transaction through `retryOnConflict`: a few
// attempts, a short growing pause between them. Only when every attempt lost does the error
// reach the HTTP layer, which answers 503 with Retry-After.
// Transaction functions must therefore do database work only (no calls to other services, no
// counters in memory): every one in lib/ does.

type ErrorLike = { code?: unknown; kind?: unknown; originalCode?: unknown; cause?: unknown; meta?: unknown; driverAdapterError?: unknown };

const CONFLICT_CODES = new Set(["P2034", "40001", "40P01", "TransactionWriteConflict"]);

/** True when the error, or one along its chain (cause, Prisma's meta, the driver's error), is a deadlock or serialization failure. */
export const isTransientConflict = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== "object" || seen.has(value) || depth > 6) return false;
    seen.add(value);
    const e = value as ErrorLike;
    if ([e.code, e.kind, e.originalCode].some((field) => typeof field === "string" && CONFLICT_CODES.has(field))) return true;
    return visit(e.cause, depth + 1) || visit(e.meta, depth + 1) || visit(e.driverAdapterError, depth + 1);
  };
  return visit(error, 0);
};

export const CONFLICT_ATTEMPTS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` again (up to CONFLICT_ATTEMPTS in all) while it fails with a transient conflict. */
export const retryOnConflict = async <T>(attempt: () => Promise<T>, attempts = CONFLICT_ATTEMPTS): Promise<T> => {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= attempts || !isTransientConflict(error)) throw error;
      await pause(15 * n);
    }
  }
};

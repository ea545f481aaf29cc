// Health: liveness (the process answers), readiness (the database answers within a short bound,
// Redis when configured, the simulation pool), and the original /api/health (database).
// The database check goes through the handle's probe (lib/db/client.ts): on a server a connection
// of its own outside the request pool, embedded the statements the requests run, so that a busy
// pool does not fail the probe while the API answers; a database that is away still fails it.
import { z } from "zod";
import { getDb } from "../db";
import { AppError } from "../core/errors";
import { simulationPoolStatus } from "../quantum";
import type { ZReadiness } from "./operations";
import { startupState } from "./startup";

export { healthOperation, livenessOperation, readinessOperation } from "./operations";
export { prepareWithRetry, startupState, resetStartupState, whenStartupRetriesEnd, type StartupState } from "./startup";

const READY_DATABASE_TIMEOUT_MS = 2_000;

/** Whether the database answers within `ms`; false also when it cannot be opened at all. */
const probeDatabase = async (ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    const handle = getDb();
    if (handle.probe) return await handle.probe(ms);
    // A handle put together without a probe (tests): a plain statement, within the same bound.
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    return await Promise.race([handle.sql.query("SELECT 1").then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
};

/** The service is healthy when its database answers; otherwise a 503. */
export const checkHealth = async (): Promise<{ status: "ok" }> => {
  if (!(await probeDatabase(READY_DATABASE_TIMEOUT_MS))) throw new AppError("unavailable", "The database does not answer.");
  return { status: "ok" };
};

export const checkLiveness = (): { status: "ok" } => ({ status: "ok" });

/** What the HTTP layer knows about its rate limiter (areas do not reach into the HTTP layer). */
export type RedisHealth = { backend: "memory" } | { backend: "redis"; status: "ok" | "degraded"; detail?: string };

/**
 * Readiness: 503 when the database does not answer within 2 s or the simulation workers cannot
 * start; 200 "degraded" when Redis is configured but down (rate limits are per instance then).
 */
export const checkReadiness = async (redis: RedisHealth): Promise<z.infer<typeof ZReadiness>> => {
  const started = performance.now();
  const databaseUp = await probeDatabase(READY_DATABASE_TIMEOUT_MS);
  const latencyMs = Math.round(performance.now() - started);
  const pool = simulationPoolStatus();
  const { status: poolStatus, detail: poolDetail, ...poolFigures } = pool;
  const checks = {
    database: databaseUp ? { status: "ok" as const, latencyMs } : { status: "unavailable" as const, latencyMs, detail: "The database does not answer." },
    redis:
      redis.backend === "memory"
        ? { status: "not_configured" as const }
        : redis.status === "ok"
          ? { status: "ok" as const }
          : { status: "degraded" as const, detail: redis.detail },
    simulations: {
      // A full queue is a reason to retry simulations, not to take the instance out of rotation.
      status: poolStatus === "unavailable" ? ("unavailable" as const) : poolStatus === "saturated" ? ("degraded" as const) : ("ok" as const),
      ...(poolDetail ? { detail: poolDetail } : {}),
      ...poolFigures,
    },
  };
  const startup = startupState();
  const failing = [
    ...(startup && startup.phase !== "ready" ? [`start-up has not completed (attempt ${startup.attempts}${startup.lastError ? `: ${startup.lastError}` : ""})`] : []),
    ...(checks.database.status === "unavailable" ? ["the database does not answer"] : []),
    ...(checks.simulations.status === "unavailable" ? [`the simulation workers cannot start (${poolDetail})`] : []),
  ];
  if (failing.length > 0) throw new AppError("unavailable", `Not ready: ${failing.join("; ")}.`, { headers: { "retry-after": "5" } });
  const degraded = checks.redis.status === "degraded" || checks.simulations.status === "degraded";
  return { status: degraded ? "degraded" : "ok", checks };
};

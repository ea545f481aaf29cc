// Simulations run off the request thread, in a bounded pool of worker threads (piscina): a fixed
// number of threads, a bounded queue (full → 503 with Retry-After), a time limit per run that
// terminates the thread doing it, and cancellation when the caller's signal aborts (the client
// went away). The main thread only loads inputs, keeps results and renders answers.
import { existsSync } from "node:fs";
import path from "node:path";
import { Piscina } from "piscina";
import { env } from "../../config/env";
import { AppError } from "../../core/errors";
import { simulationSettings, type SimulationOutcome, type SimulationResults, type SimulationTask } from "./tasks";

export type { SimulationTask, SimulationResults } from "./tasks";

type PoolState = { pool: Piscina; file: string; maxThreads: number; maxQueue: number; inFlight: number };

// One pool per process, kept on globalThis so that module reloads (next dev) never start a second.
const state = globalThis as typeof globalThis & { __syndicateSimulationPool?: PoolState };

/**
 * The worker's entry file. The production build compiles one into the build folder
 * (scripts/build-workers.mjs); running from sources (tests, next dev) loads the TypeScript
 * through tsx. SIMULATION_WORKER_FILE overrides both. Paths are built at run time so that the
 * bundler leaves them alone.
 */
export const simulationWorkerFile = (): string => {
  const configured = process.env.SIMULATION_WORKER_FILE;
  if (configured) return path.resolve(configured);
  const root = process.cwd();
  // turbopackIgnore: paths found at run time, not files for the build to trace (it would otherwise
  // include the whole project in the server output).
  const built = path.join(/*turbopackIgnore: true*/ root, process.env.NEXT_DIST_DIR || ".next", "workers", "simulation.mjs");
  if (process.env.NODE_ENV === "production" && existsSync(/*turbopackIgnore: true*/ built)) return built;
  return path.join(/*turbopackIgnore: true*/ root, ["lib", "quantum", "pool", "worker.mjs"].join(path.sep));
};

const getPool = (): PoolState => {
  if (state.__syndicateSimulationPool) return state.__syndicateSimulationPool;
  const config = env();
  const file = simulationWorkerFile();
  const pool = new Piscina({
    filename: file,
    minThreads: 0,
    maxThreads: config.SIMULATION_THREADS,
    // The queue is bounded here, by counting runs in flight (see runSimulation).
    idleTimeout: 60_000,
  });
  // A worker that fails outside a task (it could not load) must not take the process down.
  pool.on("error", (error) => console.error("simulation pool:", error));
  state.__syndicateSimulationPool = {
    pool,
    file,
    maxThreads: config.SIMULATION_THREADS,
    maxQueue: config.SIMULATION_QUEUE_MAX,
    inFlight: 0,
  };
  return state.__syndicateSimulationPool;
};

const retryAfter = { "retry-after": "5" };

/**
 * Runs one task on the pool. Rejects with a 503 AppError when the queue is full, when the run
 * (queue wait included) passes SIMULATION_TIMEOUT_MS, or when the workers cannot run it; with the
 * task's own AppError (a 400 naming a circuit limit, …) when the task refuses its input.
 */
export const runSimulation = async <K extends SimulationTask["kind"]>(
  task: Extract<SimulationTask, { kind: K }>,
  signal?: AbortSignal,
): Promise<SimulationResults[K]> => {
  const current = getPool();
  const { pool } = current;
  const timeoutMs = env().SIMULATION_TIMEOUT_MS;
  if (current.inFlight >= current.maxThreads + current.maxQueue) {
    throw new AppError("unavailable", "Too many simulations are waiting; retry shortly.", { headers: retryAfter });
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let outcome: SimulationOutcome<SimulationResults[K]>;
  current.inFlight += 1;
  try {
    outcome = await pool.run({ ...task, settings: simulationSettings() }, { signal: combined });
  } catch (error) {
    if (timeout.aborted) {
      throw new AppError("unavailable", `The simulation did not finish within ${timeoutMs / 1000} s and was stopped; try a smaller circuit or retry later.`, { headers: retryAfter });
    }
    if (signal?.aborted) throw new AppError("unavailable", "The simulation was cancelled: the client went away.");
    console.error("simulation worker failed:", error);
    throw new AppError("unavailable", "The simulation workers could not run this simulation; retry shortly.", { headers: retryAfter });
  } finally {
    current.inFlight -= 1;
  }
  if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message, { errors: outcome.error.errors });
  return outcome.value;
};

export type SimulationPoolStatus = {
  status: "ok" | "saturated" | "unavailable";
  threads: number;
  maxThreads: number;
  queued: number;
  maxQueue: number;
  detail?: string;
};

/** The pool's state for readiness: cheap, starts nothing. */
export const simulationPoolStatus = (): SimulationPoolStatus => {
  const config = env();
  const current = state.__syndicateSimulationPool;
  const file = current?.file ?? simulationWorkerFile();
  if (!existsSync(/*turbopackIgnore: true*/ file)) {
    return { status: "unavailable", threads: 0, maxThreads: config.SIMULATION_THREADS, queued: 0, maxQueue: config.SIMULATION_QUEUE_MAX, detail: `worker file missing: ${path.basename(file)}` };
  }
  if (!current) return { status: "ok", threads: 0, maxThreads: config.SIMULATION_THREADS, queued: 0, maxQueue: config.SIMULATION_QUEUE_MAX };
  const queued = Math.max(0, current.inFlight - current.maxThreads);
  return {
    status: current.inFlight >= current.maxThreads + current.maxQueue ? "saturated" : "ok",
    threads: current.pool.threads.length,
    maxThreads: current.maxThreads,
    queued,
    maxQueue: current.maxQueue,
  };
};

/** Stops every worker (running simulations are cancelled); the next run starts a new pool. */
export const closeSimulationPool = async () => {
  const current = state.__syndicateSimulationPool;
  state.__syndicateSimulationPool = undefined;
  await current?.pool.destroy();
};

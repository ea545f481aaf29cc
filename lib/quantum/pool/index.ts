// The sandbox: everything done with a submitted program (reading it, expanding its gates, drawing
// it, transpiling it, simulating it) and every simulation runs off the request thread, on worker
// threads of bounded pools ("lanes"). Each lane has a fixed number of threads, a bounded queue
// (full → 503 with Retry-After), a heap cap per thread (worker `resourceLimits`) and a deadline per
// task (from the moment a thread starts it; the wait for a thread is bounded separately). A thread that passes its heap cap or its deadline is ended and a new
// one takes its place; the server's own thread and heap are never touched. The main thread only
// loads inputs, keeps results and renders answers.
//
// Lanes (docs/security.md, "Submitted programs"):
// - read:     reading a submitted program without simulating it (diagram, the check before a job
//             is queued or a run is simulated, the hosted backend's transpile): short deadline,
//             small heap; a program is refused here within about a second, whatever waits in
//             the simulate lane.
// - simulate: simulations for callers with a credential.
// - public:   the entity analyses asked for anonymously: one thread and a short queue of their
//             own, so anonymous callers never hold a thread credentialed callers need.
import { existsSync } from "node:fs";
import { MessageChannel } from "node:worker_threads";
import path from "node:path";
import { Piscina } from "piscina";
import { env, type TEnv } from "../../config/env";
import { AppError } from "../../core/errors";
import { simulationSettings, type SimulationOutcome, type SimulationResults, type SimulationTask } from "./tasks";

export type { SimulationTask, SimulationResults } from "./tasks";

export type Lane = "read" | "simulate" | "public";

type LaneSettings = { threads: number; maxQueue: number; timeoutMs: number; memoryMb: number };

type LaneState = LaneSettings & { pool: Piscina; file: string; inFlight: number };

/** Each lane's settings, from the SIMULATION_*, READER_* and PUBLIC_SIMULATION_* settings (the
 * time reading itself may take, QUANTUM_READ_TIMEOUT_MS, is checked inside the threads). */
export const laneSettings = (lane: Lane, config: TEnv = env()): LaneSettings => {
  switch (lane) {
    case "read":
      return { threads: config.READER_THREADS, maxQueue: config.READER_QUEUE_MAX, timeoutMs: config.READER_TIMEOUT_MS, memoryMb: config.READER_MEMORY_MB };
    case "simulate":
      return { threads: config.SIMULATION_THREADS, maxQueue: config.SIMULATION_QUEUE_MAX, timeoutMs: config.SIMULATION_TIMEOUT_MS, memoryMb: config.SIMULATION_MEMORY_MB };
    case "public":
      return { threads: 1, maxQueue: config.PUBLIC_SIMULATION_QUEUE_MAX, timeoutMs: config.PUBLIC_SIMULATION_TIMEOUT_MS, memoryMb: config.READER_MEMORY_MB };
  }
};

// One pool per lane and process, kept on globalThis so that module reloads (next dev) never start a second.
const state = globalThis as typeof globalThis & { __syndicateSandbox?: Partial<Record<Lane, LaneState>> };
const lanes = (): Partial<Record<Lane, LaneState>> => (state.__syndicateSandbox ??= {});

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

const getLane = (lane: Lane): LaneState => {
  const current = lanes()[lane];
  if (current) return current;
  const settings = laneSettings(lane);
  const file = simulationWorkerFile();
  const pool = new Piscina({
    filename: file,
    minThreads: 0,
    maxThreads: settings.threads,
    // The queue is bounded here, by counting runs in flight (see runSimulation).
    idleTimeout: 60_000,
    // The heap cap: a thread past it is ended by V8 (ERR_WORKER_OUT_OF_MEMORY) and replaced; state
    // vectors live outside this heap and are bounded by QUANTUM_MAX_QUBITS before they are made.
    resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(settings.memoryMb / 8))), stackSizeMb: 4 },
  });
  // A worker that fails outside a task (it could not load) must not take the process down.
  pool.on("error", (error) => console.error(`sandbox (${lane}):`, error));
  const created: LaneState = { ...settings, pool, file, inFlight: 0 };
  lanes()[lane] = created;
  return created;
};

const retryAfter = { "retry-after": "5" };

/** How long a task may wait for a thread to start it (queue wait, thread start-up), beyond its deadline. */
const START_ALLOWANCE_MS = 15_000;

/** Tasks that carry a submitted program: a heap cap reached while on them is the program's doing. */
const SUBMITTED = new Set<SimulationTask["kind"]>(["circuit", "diagram", "inspect", "transpile"]);

const outOfMemory = (error: unknown) => (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";

/**
 * Runs one task in a lane of the sandbox (default: simulate). Rejects with a 503 AppError when the
 * lane's queue is full, when the task runs past the lane's deadline on its thread (or waits for a
 * thread longer than the deadline and START_ALLOWANCE_MS), or when
 * the workers cannot run it; with a 400 when a submitted program needs more heap than the lane
 * allows; with the task's own AppError (a 400 naming a limit, …) when the task refuses its input.
 */
export const runSimulation = async <K extends SimulationTask["kind"]>(
  task: Extract<SimulationTask, { kind: K }>,
  signal?: AbortSignal,
  lane: Lane = "simulate",
): Promise<SimulationResults[K]> => {
  const current = getLane(lane);
  const { pool, timeoutMs } = current;
  if (current.inFlight >= current.threads + current.maxQueue) {
    const what = lane === "read" ? "programs are waiting to be read" : "simulations are waiting";
    throw new AppError("unavailable", `Too many ${what}; retry shortly.`, { headers: retryAfter });
  }
  // The deadline runs from the moment a thread starts the task (the thread tells through `started`),
  // so neither a thread's start-up nor the queue eats into it; the wait before that is bounded too.
  const deadline = new AbortController();
  const started = new MessageChannel();
  const expire = () => deadline.abort();
  let timer = setTimeout(expire, timeoutMs + START_ALLOWANCE_MS);
  started.port1.once("message", () => {
    clearTimeout(timer);
    timer = setTimeout(expire, timeoutMs);
  });
  const combined = signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal;
  let outcome: SimulationOutcome<SimulationResults[K]>;
  current.inFlight += 1;
  try {
    outcome = await pool.run({ ...task, settings: simulationSettings(), started: started.port2 }, { signal: combined, transferList: [started.port2] });
  } catch (error) {
    if (deadline.signal.aborted) {
      const doing = lane === "read" ? "The program could not be read" : "The simulation did not finish";
      throw new AppError("unavailable", `${doing} within ${timeoutMs / 1000} s and was stopped; try a smaller circuit or retry later.`, { headers: retryAfter });
    }
    if (signal?.aborted) throw new AppError("unavailable", "The simulation was cancelled: the client went away.");
    if (outOfMemory(error) && SUBMITTED.has(task.kind)) {
      const setting = lane === "simulate" ? "SIMULATION_MEMORY_MB" : "READER_MEMORY_MB";
      const message = `reading or running the program needs more memory than ${current.memoryMb} MiB (${setting})`;
      throw new AppError("bad_request", `The OpenQASM program is over a limit: ${message}.`, { errors: [{ path: "body.qasm", message }] });
    }
    console.error(`sandbox (${lane}) worker failed:`, error);
    throw new AppError("unavailable", "The simulation workers could not run this simulation; retry shortly.", { headers: retryAfter });
  } finally {
    clearTimeout(timer);
    started.port1.close();
    current.inFlight -= 1;
  }
  if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message, { errors: outcome.error.errors, headers: outcome.error.headers });
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

/** The simulate lane's state for readiness: cheap, starts nothing. */
export const simulationPoolStatus = (): SimulationPoolStatus => {
  const settings = laneSettings("simulate");
  const current = lanes().simulate;
  const file = current?.file ?? simulationWorkerFile();
  if (!existsSync(/*turbopackIgnore: true*/ file)) {
    return { status: "unavailable", threads: 0, maxThreads: settings.threads, queued: 0, maxQueue: settings.maxQueue, detail: `worker file missing: ${path.basename(file)}` };
  }
  if (!current) return { status: "ok", threads: 0, maxThreads: settings.threads, queued: 0, maxQueue: settings.maxQueue };
  const queued = Math.max(0, current.inFlight - current.threads);
  return {
    status: current.inFlight >= current.threads + current.maxQueue ? "saturated" : "ok",
    threads: current.pool.threads.length,
    maxThreads: current.threads,
    queued,
    maxQueue: current.maxQueue,
  };
};

/** Stops every worker of every lane (running tasks are cancelled); the next task starts new pools. */
export const closeSimulationPool = async () => {
  const current = state.__syndicateSandbox ?? {};
  state.__syndicateSandbox = undefined;
  await Promise.all(Object.values(current).map((lane) => lane.pool.destroy()));
};

// The simulation pool: work runs on worker threads with a bounded queue, a time limit that stops
// the thread, cancellation by signal, and domain errors that keep their status across threads.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnv } from "../../lib/config/env";
import { AppError } from "../../lib/core/errors";
import { rejection as rejectionOf } from "../helpers/rejection";
import { closeSimulationPool, runSimulation, simulationPoolStatus, simulationWorkerFile } from "../../lib/quantum/pool";
import { HOLD_CHANNEL, HOLD_PROGRAM } from "../helpers/holding-worker.mjs";
import { smallCircuit } from "./circuits";

// Stubbed, and put back as they were after each test (the run's generous deadline, vitest.config.ts;
// the compiled worker entry, tests/helpers/worker-bundle.ts).
const configure = (settings: Record<string, string>) => {
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  resetEnv();
};

afterEach(async () => {
  await closeSimulationPool();
  vi.unstubAllEnvs();
  resetEnv();
});

// A run that holds its thread until it is stopped (tests/helpers/holding-worker.mjs), however fast
// the machine: what a long simulation is to the pool, without its work.
const HOLDING_WORKER = fileURLToPath(new URL("../helpers/holding-worker.mjs", import.meta.url));
const LONG = HOLD_PROGRAM;
const holding = () => ({ SIMULATION_REAL_WORKER_FILE: simulationWorkerFile(), SIMULATION_WORKER_FILE: HOLDING_WORKER });
/** Resolves once a thread holds a LONG run. */
const nextHeld = () => {
  const channel = new BroadcastChannel(HOLD_CHANNEL);
  return new Promise<void>((resolve) => {
    channel.onmessage = () => {
      channel.close();
      resolve();
    };
  });
};

const rejection = (promise: Promise<unknown>) => rejectionOf<AppError>(promise);

describe("simulation pool", () => {
  it("runs a circuit on a worker thread and answers its counts", async () => {
    const result = await runSimulation({ kind: "circuit", qasm: smallCircuit, shots: 1000, seed: 7 });
    expect(result.qubits).toBe(2);
    expect(Object.keys(result.counts).sort()).toEqual(["00", "11"]);
    expect(result.counts["00"] + result.counts["11"]).toBe(1000);
    expect(simulationPoolStatus().threads).toBeGreaterThanOrEqual(1);
  });

  it("runs from the sources through tsx too, as under next dev (the suite otherwise uses a compiled entry)", async () => {
    configure({ SIMULATION_WORKER_FILE: path.join(process.cwd(), "lib", "quantum", "pool", "worker.mjs") });
    const result = await runSimulation({ kind: "circuit", qasm: smallCircuit, shots: 100, seed: 7 });
    expect(result.counts["00"] + result.counts["11"]).toBe(100);
  });

  it("keeps a domain error's status across the thread boundary (400 naming the parse error)", async () => {
    const error = await rejection(runSimulation({ kind: "circuit", qasm: "OPENQASM 2.0;\nqreg q[2];\nfoo q[0];", shots: 10 }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/does not parse/);
    expect(error.errors?.[0]?.path).toBe("body.qasm");
  });

  it("stops a run past the time limit (503 with Retry-After) and frees its thread", async () => {
    configure({ SIMULATION_THREADS: "1", SIMULATION_TIMEOUT_MS: "1000", ...holding() });
    const error = await rejection(runSimulation({ kind: "circuit", qasm: LONG, shots: 100 }));
    expect(error.status).toBe(503);
    expect(error.headers?.["retry-after"]).toBeDefined();
    expect(error.message).toMatch(/within 1 s/);
    // The one thread is free again: had the long run kept going, this would wait for it.
    configure({ SIMULATION_TIMEOUT_MS: "10000" });
    const next = await runSimulation({ kind: "circuit", qasm: smallCircuit, shots: 10 });
    expect(next.qubits).toBe(2);
  });

  it("cancels a running simulation when its signal aborts (the client went away)", async () => {
    configure({ SIMULATION_THREADS: "1", ...holding() });
    const controller = new AbortController();
    const held = nextHeld();
    const running = rejection(runSimulation({ kind: "circuit", qasm: LONG, shots: 100 }, controller.signal));
    // The run is going on its thread when the client goes away.
    await held;
    controller.abort();
    const error = await running;
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/cancelled/);
    const next = await runSimulation({ kind: "circuit", qasm: smallCircuit, shots: 10 });
    expect(next.qubits).toBe(2);
  });

  it("answers 503 with Retry-After when the queue is full, and reports saturation", async () => {
    configure({ SIMULATION_THREADS: "1", SIMULATION_QUEUE_MAX: "1", ...holding() });
    const controller = new AbortController();
    const first = rejection(runSimulation({ kind: "circuit", qasm: LONG, shots: 100 }, controller.signal));
    // The one thread is taken by the first (whether it has started yet or waits for the thread to
    // start), so the second counts as queued.
    const second = rejection(runSimulation({ kind: "circuit", qasm: LONG, shots: 100 }, controller.signal));
    expect(simulationPoolStatus()).toMatchObject({ status: "saturated", queued: 1, maxQueue: 1 });
    const third = await rejection(runSimulation({ kind: "circuit", qasm: smallCircuit, shots: 10 }));
    expect(third.status).toBe(503);
    expect(third.headers?.["retry-after"]).toBe("5");
    expect(third.message).toMatch(/waiting/);
    controller.abort();
    expect((await first).status).toBe(503);
    expect((await second).status).toBe(503);
    expect(simulationPoolStatus()).toMatchObject({ status: "ok", queued: 0 });
  });
});

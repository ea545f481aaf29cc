// The sandbox (lib/quantum/pool, docs/operations.md): a submitted program that needs more heap than
// its thread may have ends that thread, not the server, and is a 400 naming the setting; reading
// past its time is a 400 naming the limit in milliseconds; a thread stuck past the lane's deadline
// is ended (503) and replaced; and the lanes keep each other's work apart — programs are read and
// anonymous analyses run while every simulation thread is taken.
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as agentRoute from "../../app/quantum/agent/route";
import * as diagramRoute from "../../app/quantum/diagram/route";
import { resetEnv } from "../../lib/config/env";
import { AppError } from "../../lib/core/errors";
import { rejection as rejectionOf } from "../helpers/rejection";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { closeSimulationPool, runSimulation, simulationPoolStatus, simulationWorkerFile } from "../../lib/quantum/pool";
import { HOLD_PROGRAM } from "../helpers/holding-worker.mjs";

const HOLDING_WORKER = fileURLToPath(new URL("../helpers/holding-worker.mjs", import.meta.url));
import { resetQuantumConfig } from "../../lib/quantum/config";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent } from "../quantum/factory";
import { smallCircuit } from "./circuits";

// Stubbed, and put back as they were after each test (the run's generous deadlines, vitest.config.ts;
// the compiled worker entry, tests/helpers/worker-bundle.ts), not deleted: a deleted deadline is the
// production one, too short for a loaded machine.
const configure = (settings: Record<string, string>) => {
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  resetEnv();
  resetQuantumConfig();
};

let db: TestDatabase;
let key: string;
let agent: string;
beforeAll(async () => {
  db = await useTestDatabase();
  useRateLimiter(memoryRateLimiter());
  key = (await userWithKey("viewer")).key;
  agent = await insertAgent();
});
afterEach(async () => {
  await closeSimulationPool();
  vi.unstubAllEnvs();
  resetEnv();
  resetQuantumConfig();
});
afterAll(() => db.dispose());

const rejection = (promise: Promise<unknown>) => rejectionOf<AppError>(promise);

const qubits = Array.from({ length: 24 }, (_, k) => `q[${k}]`).join(", ");
/** A million 24-qubit operations: some 300 MB of heap once read, in well under the step budget set below. */
const HEAP_HUNGRY = `OPENQASM 3;\ninclude "stdgates.inc";\nqubit[24] q;\npow(1000000) @ ctrl(23) @ x ${qubits};`;
/** 100,000 operations: some tens of milliseconds of reading at the least. */
const LONG_READ = `OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[24];\n${"h q;\n".repeat(4166)}`;

describe("the sandbox", () => {
  it("ends a reading thread past its heap cap (400 naming READER_MEMORY_MB) and reads the next program on a new one", async () => {
    configure({ READER_MEMORY_MB: "48", QUANTUM_MAX_GATES: "2000000", QUANTUM_MAX_EXPANSION_STEPS: "100000000", QUANTUM_READ_TIMEOUT_MS: "600000", READER_TIMEOUT_MS: "600000" });
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await rejection(runSimulation({ kind: "inspect", qasm: HEAP_HUNGRY }, undefined, "read"));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/needs more memory than 48 MiB \(READER_MEMORY_MB\)/);
    expect(error.errors?.[0]?.path).toBe("body.qasm");
    // The program's heap was the thread's: this process's own heap did not take it.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
    const next = await runSimulation({ kind: "inspect", qasm: smallCircuit }, undefined, "read");
    expect(next).toMatchObject({ qubits: 2, dynamic: false });
  }, 120_000);

  it("refuses a program whose reading takes longer than QUANTUM_READ_TIMEOUT_MS with a 400 naming it in milliseconds", async () => {
    // The lane's own deadline (READER_TIMEOUT_MS, a 503) is set far off, so that on a loaded machine
    // only the reading's limit can end this read.
    configure({ QUANTUM_READ_TIMEOUT_MS: "10", READER_TIMEOUT_MS: "600000" });
    const error = await rejection(runSimulation({ kind: "inspect", qasm: LONG_READ }, undefined, "read"));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 400,
      message: expect.stringMatching(/reading the program takes longer, in milliseconds, than 10 \(QUANTUM_READ_TIMEOUT_MS\)/),
    });
  });

  it("ends a thread still reading at the lane's deadline (503 with Retry-After) and replaces it", async () => {
    // A read that never ends by itself (tests/helpers/holding-worker.mjs): the deadline ends it,
    // however fast the machine. The lane keeps its deadline for the next program, read on a new thread.
    configure({ QUANTUM_READ_TIMEOUT_MS: "600000", READER_TIMEOUT_MS: "2000", SIMULATION_REAL_WORKER_FILE: simulationWorkerFile(), SIMULATION_WORKER_FILE: HOLDING_WORKER });
    const error = await rejection(runSimulation({ kind: "inspect", qasm: HOLD_PROGRAM }, undefined, "read"));
    expect(error.status).toBe(503);
    expect(error.headers?.["retry-after"]).toBe("5");
    expect(error.message).toMatch(/could not be read within 2 s/);
    expect(await runSimulation({ kind: "inspect", qasm: smallCircuit }, undefined, "read")).toMatchObject({ qubits: 2 });
  });

  it("reads programs and runs anonymous analyses while every simulation thread is taken; a credentialed analysis waits its turn (503)", async () => {
    // The one simulation thread is held until the test lets it go (tests/helpers/holding-worker.mjs),
    // so the credentialed analysis finds it taken however fast the machine is.
    configure({ SIMULATION_THREADS: "1", SIMULATION_QUEUE_MAX: "0", SIMULATION_REAL_WORKER_FILE: simulationWorkerFile(), SIMULATION_WORKER_FILE: HOLDING_WORKER });
    const controller = new AbortController();
    const long = rejection(runSimulation({ kind: "circuit", qasm: HOLD_PROGRAM, shots: 10 }, controller.signal));
    expect(simulationPoolStatus()).toMatchObject({ status: "saturated" });
    try {
      const diagram = await call(diagramRoute.POST, "POST", "/quantum/diagram", { key, body: { qasm: smallCircuit } });
      expect(diagram.status).toBe(200);
      const anonymous = await call(agentRoute.GET, "GET", "/quantum/agent", { query: { agentId: agent, shots: "100", seed: "1" } });
      expect(anonymous.status).toBe(200);
      expect(anonymous.json).toMatchObject({ shots: 100, seed: 1 });
      const credentialed = await call(agentRoute.GET, "GET", "/quantum/agent", { key, query: { agentId: agent, shots: "100", seed: "1" } });
      expect(credentialed.status).toBe(503);
      expect(credentialed.json.detail).toMatch(/simulations are waiting/);
    } finally {
      controller.abort();
      await long;
    }
  });
});

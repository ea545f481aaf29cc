// POST /quantum/run through its route: a full simulation queue is a 503 problem with Retry-After,
// and a request whose client goes away (request.signal) has its run stopped.
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as run } from "../../app/quantum/run/route";
import { resetEnv } from "../../lib/config/env";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { resetQuantumConfig } from "../../lib/quantum/config";
import { closeSimulationPool, simulationWorkerFile } from "../../lib/quantum/pool";
import { HOLD_CHANNEL, HOLD_PROGRAM } from "../helpers/holding-worker.mjs";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { smallCircuit } from "./circuits";

const HOLDING_WORKER = fileURLToPath(new URL("../helpers/holding-worker.mjs", import.meta.url));
const WORKER_FILE = process.env.SIMULATION_WORKER_FILE;

let db: TestDatabase;
let key: string;
beforeAll(async () => {
  db = await useTestDatabase();
  useRateLimiter(memoryRateLimiter());
  key = (await userWithKey("operator")).key;
  // Reading deadlines a loaded machine never misses: reading is not what this file tests. One
  // simulation thread, no queue; a run of HOLD_PROGRAM holds it (tests/helpers/holding-worker.mjs).
  Object.assign(process.env, {
    SIMULATION_THREADS: "1",
    SIMULATION_QUEUE_MAX: "0",
    READER_TIMEOUT_MS: "30000",
    QUANTUM_READ_TIMEOUT_MS: "30000",
    SIMULATION_REAL_WORKER_FILE: simulationWorkerFile(),
    SIMULATION_WORKER_FILE: HOLDING_WORKER,
  });
  resetEnv();
  resetQuantumConfig();
});
afterEach(() => closeSimulationPool());
afterAll(async () => {
  await closeSimulationPool();
  for (const name of ["SIMULATION_THREADS", "SIMULATION_QUEUE_MAX", "READER_TIMEOUT_MS", "QUANTUM_READ_TIMEOUT_MS", "SIMULATION_REAL_WORKER_FILE"]) delete process.env[name];
  if (WORKER_FILE === undefined) delete process.env.SIMULATION_WORKER_FILE;
  else process.env.SIMULATION_WORKER_FILE = WORKER_FILE;
  resetEnv();
  resetQuantumConfig();
  await db.dispose();
});

const post = (body: unknown, signal?: AbortSignal) =>
  run(
    new Request("http://localhost/quantum/run", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    }),
    { params: Promise.resolve({}) },
  );

describe("POST /quantum/run on the simulation pool", () => {
  it("answers 503 with Retry-After while the pool is full, and stops a run whose client went away", async () => {
    const client = new AbortController();
    // Read like any program, then held on the one simulation thread (no queue) until its run is stopped.
    const channel = new BroadcastChannel(HOLD_CHANNEL);
    const held = new Promise<void>((resolve) => (channel.onmessage = () => resolve()));
    const long = post({ qasm: `${smallCircuit}\n${HOLD_PROGRAM}`, shots: 1000 }, client.signal);
    await held;
    channel.close();
    const refused = await call(run, "POST", "/quantum/run", { key, body: { qasm: smallCircuit, shots: 10 } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.json.detail).toMatch(/Too many simulations/);

    client.abort();
    expect((await long).status).toBe(503);
    // The thread is free again: had the long run kept it, this would be refused like the one above.
    const next = await call(run, "POST", "/quantum/run", { key, body: { qasm: smallCircuit, shots: 10, seed: 1 } });
    expect(next.status).toBe(200);
    expect(next.json.counts).toBeDefined();
  }, 60_000);
});

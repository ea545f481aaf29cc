// POST /quantum/run through its route: a full simulation queue is a 503 problem with Retry-After,
// and a request whose client goes away (request.signal) has its run stopped.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as run } from "../../app/quantum/run/route";
import { resetEnv } from "../../lib/config/env";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { resetQuantumConfig } from "../../lib/quantum/config";
import { closeSimulationPool, simulationPoolStatus } from "../../lib/quantum/pool";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { heavyCircuit, smallCircuit } from "./circuits";

let db: TestDatabase;
let key: string;
beforeAll(async () => {
  db = await useTestDatabase();
  useRateLimiter(memoryRateLimiter());
  key = (await userWithKey("operator")).key;
  // Reading deadlines a loaded machine never misses: reading is not what this file tests.
  Object.assign(process.env, { SIMULATION_THREADS: "1", SIMULATION_QUEUE_MAX: "0", READER_TIMEOUT_MS: "30000", QUANTUM_READ_TIMEOUT_MS: "30000" });
  resetEnv();
  resetQuantumConfig();
});
afterEach(() => closeSimulationPool());
afterAll(async () => {
  for (const name of ["SIMULATION_THREADS", "SIMULATION_QUEUE_MAX", "READER_TIMEOUT_MS", "QUANTUM_READ_TIMEOUT_MS"]) delete process.env[name];
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
    // ~20 s of work on the one thread (with no queue): far longer than this test waits.
    const long = post({ qasm: heavyCircuit(20, 8192, 3), shots: 1000 }, client.signal);
    // Once it has been read, it holds the one simulation thread (the pool's own state, in this process).
    while (simulationPoolStatus().status !== "saturated") await new Promise((resolve) => setTimeout(resolve, 5));
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

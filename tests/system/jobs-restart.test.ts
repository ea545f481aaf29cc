// Quantum jobs across process lifetimes, on the production server: a job whose server is killed
// with SIGKILL mid-run is taken over by the next server once its lease runs out (attempt 2), and a
// job running at a graceful shutdown (SIGTERM) goes back to the queue without counting the attempt
// and runs to the end under the next server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heavyCircuit } from "../reliability/circuits";
import { ACCOUNTS, sleep, startServer, stepLog, testDatabase, type SystemServer } from "./server";
import { keyFor } from "./session";

let database: Awaited<ReturnType<typeof testDatabase>>;
let env: Record<string, string | undefined>;
const servers: SystemServer[] = [];
let key: string;
const figures: Record<string, unknown> = {};

// A few seconds of simulation on one thread (19 qubits: with 18 the state stays sparse and the run
// takes milliseconds, too short to be caught RUNNING; tests/reliability/circuits.ts).
const LONG = heavyCircuit(19, 8192, 2);

const start = async () => {
  const server = await startServer({ env });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await testDatabase("jobs");
  env = { ...database.env, SEED_ON_FIRST_START: "false", JOBS_LEASE_MS: "2000", JOBS_POLL_MS: "200", JOBS_STOP_GRACE_MS: "0", SIMULATION_THREADS: "1" };
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.stop(5_000).catch(() => {});
  await database?.cleanup().catch(() => {});
  console.log(`jobs across restarts (${database?.mode}): ${JSON.stringify(figures)}`);
});

const job = async (server: SystemServer, id: string) => (await server.fetch(`/quantum/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json();

const until = async (server: SystemServer, id: string, statuses: string[], timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await job(server, id);
    if (statuses.includes(current.status)) return current;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${current.status} after ${timeoutMs} ms`);
    await sleep(100);
  }
};

describe("quantum jobs across restarts", () => {
  it("a killed server's job is run again by the next one; a stopped server's job is handed back", async () => {
    const step = stepLog("jobs");
    const first = await start();
    // No demo data (quicker start): the admin is the one account.
    key = await keyFor(first, ACCOUNTS.admin);
    const submitted = await first.fetch("/quantum/jobs", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ qasm: LONG, shots: 100 }),
    });
    expect(submitted.status).toBe(202);
    const { id } = await submitted.json();
    await until(first, id, ["RUNNING"]);
    await first.kill9();
    step("first server killed with the job RUNNING");

    const second = await start();
    const killedJob = await until(second, id, ["DONE", "ERROR"]);
    figures.afterKill = { status: killedJob.status, attempts: killedJob.attempts };
    expect(killedJob).toMatchObject({ status: "DONE", attempts: 2 });
    const result = await second.fetch(`/quantum/jobs/${id}/result`, { headers: { authorization: `Bearer ${key}` } });
    expect(result.status).toBe(200);
    expect((await result.json()).shots).toBe(100);
    step("second server finished it");

    const again = await second.fetch("/quantum/jobs", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ qasm: LONG, shots: 50 }),
    });
    const { id: stoppedId } = await again.json();
    await until(second, stoppedId, ["RUNNING"]);
    await second.stop(15_000);
    step("second server stopped (SIGTERM) with a job RUNNING");

    const third = await start();
    // Handed back at shutdown: claimable at once (no lease to wait for), and the attempt does not count.
    const handedBack = await until(third, stoppedId, ["DONE", "ERROR"]);
    figures.afterStop = { status: handedBack.status, attempts: handedBack.attempts };
    expect(handedBack).toMatchObject({ status: "DONE", attempts: 1 });
  });
});

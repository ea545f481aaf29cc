// Quantum runs as jobs through the route handlers, with a real job worker and the simulation pool:
// submit (202, Location), status, result, cancel, list; every refusal as a problem; the hosted
// backend's path against the local stand-in for IBM Quantum.
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import * as jobsRoute from "../../app/quantum/jobs/route";
import * as jobRoute from "../../app/quantum/jobs/[jobId]/route";
import * as resultRoute from "../../app/quantum/jobs/[jobId]/result/route";
import * as cancelRoute from "../../app/quantum/jobs/[jobId]/cancel/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { JobWorker, resetJobsConfig, whenJobsIdle, type AnyJobKind } from "../../lib/jobs";
import { quantumCircuitJob } from "../../lib/quantum";
import { resetQuantumConfig } from "../../lib/quantum/config";
import { closeSimulationPool } from "../../lib/quantum/pool";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { heavyCircuit, smallCircuit } from "../reliability/circuits";
import { BACKEND, CRN, GOOD_KEY, startStandIn, type StandIn } from "./ibm-stand-in";

const api = useApiTest({ withKeys: true });
let admin: string;
let other: string;
beforeAll(async () => {
  // Reading a program is not what this file tests: a deadline a loaded machine never misses.
  Object.assign(process.env, { READER_TIMEOUT_MS: "30000", QUANTUM_READ_TIMEOUT_MS: "30000" });
  resetEnv();
  resetQuantumConfig();
  admin = (await userWithKey("admin")).key;
  other = (await userWithKey("operator")).key;
});
afterAll(async () => {
  await closeSimulationPool();
  delete process.env.READER_TIMEOUT_MS;
  delete process.env.QUANTUM_READ_TIMEOUT_MS;
  resetEnv();
  resetQuantumConfig();
});

const BELL = `${smallCircuit}\ncreg c[2];\nmeasure q[0] -> c[0];\nmeasure q[1] -> c[1];`;

let onStart: (() => void) | undefined;
/** Resolves when the next quantum job starts to run on the worker (its row is RUNNING by then). */
const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
// The application's kind, telling the test when a run starts.
const circuitJob: AnyJobKind = {
  ...quantumCircuitJob,
  run: (context) => {
    onStart?.();
    onStart = undefined;
    return quantumCircuitJob.run(context as never);
  },
};

let worker: JobWorker | undefined;
const startWorker = () => (worker = new JobWorker({ kinds: [circuitJob], concurrency: 2, leaseMs: 3000, pollMs: 20, log: () => {} }).start());
afterEach(async () => {
  await worker?.stop(0);
  worker = undefined;
  await prisma.job.deleteMany({});
});

// key null: no credential.
const submit = (body: unknown, key: string | null = api.operator) => call(jobsRoute.POST, "POST", "/quantum/jobs", { body, key: key ?? undefined });
const status = (jobId: string, key = api.operator) => call(jobRoute.GET, "GET", `/quantum/jobs/${jobId}`, { params: { jobId }, key });
const result = (jobId: string, key = api.operator) => call(resultRoute.GET, "GET", `/quantum/jobs/${jobId}/result`, { params: { jobId }, key });
const cancel = (jobId: string, key = api.operator) => call(cancelRoute.POST, "POST", `/quantum/jobs/${jobId}/cancel`, { params: { jobId }, key });

/** The job's answer once the worker has nothing left to do. */
const settled = async (jobId: string) => {
  await whenJobsIdle();
  return (await status(jobId)).json;
};

describe("POST /quantum/jobs on the simulator", () => {
  it("answers 202 with Location at once, and the worker runs the job to a result like /quantum/run's", async () => {
    const submitted = await submit({ qasm: BELL, shots: 400, seed: 7 });
    expect(submitted.status).toBe(202);
    expect(submitted.json).toMatchObject({ status: "QUEUED", backend: "aer", shots: 400, qubits: 2, attempts: 0, hostedJobId: null, error: null });
    expect(submitted.headers.get("location")).toBe(`/quantum/jobs/${submitted.json.id}`);
    expect((await result(submitted.json.id)).status).toBe(409);
    startWorker();
    const done = await settled(submitted.json.id);
    expect(done).toMatchObject({ status: "DONE", attempts: 1, finishedAt: expect.any(String) });
    const answer = await result(submitted.json.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ backend: "aer", shots: 400, seed: 7, qubits: 2 });
    expect(Object.keys(answer.json.counts).sort()).toEqual(["00", "11"]);
    expect(answer.json.counts["00"] + answer.json.counts["11"]).toBe(400);
    expect(answer.json.histogram.length).toBeGreaterThan(100);
  });

  it("binds an OpenQASM 3 program's inputs from parameters, and refuses a job whose input has no value before queuing it", async () => {
    const qasm = 'OPENQASM 3.0;\ninclude "stdgates.inc";\ninput float[64] theta;\nqubit[1] q;\nbit[1] c;\nrx(theta) q[0];\nc[0] = measure q[0];';
    const missing = await submit({ qasm, shots: 50 });
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.json)).toEqual(["body.parameters.theta"]);
    expect(await prisma.job.count()).toBe(0);
    // rx(pi) flips the qubit: every shot reads 1.
    const submitted = await submit({ qasm, shots: 50, seed: 3, parameters: { theta: Math.PI } });
    expect(submitted.status).toBe(202);
    startWorker();
    expect(await settled(submitted.json.id)).toMatchObject({ status: "DONE" });
    expect((await result(submitted.json.id)).json.counts).toEqual({ "1": 50 });
  });

  it("refuses a bad body and a circuit that does not parse with 400 naming the field, anonymous callers with 401", async () => {
    const missing = await submit({ shots: 10 });
    expect(missing.status).toBe(400);
    expect(errorPaths(missing.json)).toContain("body.qasm");
    const badBackend = await submit({ qasm: BELL, backend: "dwave" });
    expect(badBackend.status).toBe(400);
    expect(errorPaths(badBackend.json)).toContain("body.backend");
    const unparsable = await submit({ qasm: "OPENQASM 2.0;\nqreg q[1];\nfoo q[0];" });
    expect(unparsable.status).toBe(400);
    expect(unparsable.json.detail).toMatch(/line 3/);
    const anonymous = await submit({ qasm: BELL }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/problem\+json/);
    expect(await prisma.job.count()).toBe(0);
  });

  it("caps a user's queued and running jobs with 429 and Retry-After; other users are not held up", async () => {
    process.env.QUANTUM_JOBS_ACTIVE_MAX = "2";
    resetJobsConfig();
    try {
      expect((await submit({ qasm: BELL })).status).toBe(202);
      expect((await submit({ qasm: BELL })).status).toBe(202);
      const third = await submit({ qasm: BELL });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("10");
      expect((await submit({ qasm: BELL }, other)).status).toBe(202);
    } finally {
      delete process.env.QUANTUM_JOBS_ACTIVE_MAX;
      resetJobsConfig();
    }
  });

  it("lets exactly the quota through when one user's submits race", async () => {
    process.env.QUANTUM_JOBS_ACTIVE_MAX = "2";
    resetJobsConfig();
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit({ qasm: BELL })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 429, 429, 429, 429]);
      expect(await prisma.job.count()).toBe(2);
    } finally {
      delete process.env.QUANTUM_JOBS_ACTIVE_MAX;
      resetJobsConfig();
    }
  });

  it("cancels a queued job at once; a second cancel is 409 and so is its result", async () => {
    const { json: job } = await submit({ qasm: BELL });
    const cancelled = await cancel(job.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "CANCELLED", cancelRequested: true });
    expect((await cancel(job.id)).status).toBe(409);
    const noResult = await result(job.id);
    expect(noResult.status).toBe(409);
    expect(noResult.json.detail).toMatch(/CANCELLED/);
  });

  it("cancel stops a running simulation: the job ends CANCELLED long before the simulation would", async () => {
    // Dense, 23 qubits, 8,192 gates (allowed here): minutes of work, far past the test's time limit
    // (testTimeout), had the cancel not stopped it.
    process.env.QUANTUM_MAX_GATE_WORK = String(2 ** 40);
    resetQuantumConfig();
    onTestFinished(() => {
      delete process.env.QUANTUM_MAX_GATE_WORK;
      resetQuantumConfig();
    });
    const running = nextStart();
    startWorker();
    const submitted = await submit({ qasm: heavyCircuit(23, 8192, 4, { dense: true }), shots: 10 });
    expect(submitted.status).toBe(202);
    const job = submitted.json;
    await running;
    const answer = await cancel(job.id);
    expect(answer.status).toBe(200);
    expect(await settled(job.id)).toMatchObject({ status: "CANCELLED" });
    expect((await cancel(job.id)).status).toBe(409);
    // The pool is free again: a small job runs right after.
    const { json: next } = await submit({ qasm: BELL });
    expect(await settled(next.id)).toMatchObject({ status: "DONE" });
  });

  it("answers 404 for an unknown job, 403 to another user, and lets an admin see it", async () => {
    const { json: job } = await submit({ qasm: BELL });
    for (const check of [status, result, cancel]) {
      const unknown = await check("no-such-job");
      expect(unknown.status).toBe(404);
      const foreign = await check(job.id, other);
      expect(foreign.status).toBe(403);
    }
    expect((await status(job.id, api.viewer)).status).toBe(403);
    expect((await status(job.id, admin)).json).toMatchObject({ id: job.id, status: "QUEUED" });
  });

  it("lists the caller's own jobs, newest first, paged, filtered by status", async () => {
    const mine = [];
    for (let k = 0; k < 3; k++) mine.push((await submit({ qasm: BELL })).json.id);
    await submit({ qasm: BELL }, other);
    await cancel(mine[0]);
    const page = await call(jobsRoute.GET, "GET", "/quantum/jobs", { query: { limit: 2 }, key: api.operator });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.json.map((job: { id: string }) => job.id)).toEqual([mine[2], mine[1]]);
    expect(page.headers.get("link")).toMatch(/rel="next"/);
    const cancelled = await call(jobsRoute.GET, "GET", "/quantum/jobs", { query: { status: "CANCELLED" }, key: api.operator });
    expect(cancelled.json.map((job: { id: string }) => job.id)).toEqual([mine[0]]);
    expect((await call(jobsRoute.GET, "GET", "/quantum/jobs", { query: { status: "LOST" }, key: api.operator })).status).toBe(400);
    expect((await call(jobsRoute.GET, "GET", "/quantum/jobs", {})).status).toBe(401);
  });
});

describe("POST /quantum/jobs on the hosted backend", () => {
  let standIn: StandIn | undefined;
  const configure = (server: StandIn) => {
    Object.assign(process.env, {
      IBM_QUANTUM_API_KEY: GOOD_KEY,
      IBM_QUANTUM_CRN: CRN,
      IBM_QUANTUM_BACKEND: BACKEND,
      IBM_IAM_URL: server.iamUrl,
      IBM_QUANTUM_URL: server.baseUrl,
      IBM_QUANTUM_POLL_MS: "10",
    });
    resetQuantumConfig();
  };
  afterEach(async () => {
    for (const name of ["IBM_QUANTUM_API_KEY", "IBM_QUANTUM_CRN", "IBM_QUANTUM_BACKEND", "IBM_IAM_URL", "IBM_QUANTUM_URL", "IBM_QUANTUM_POLL_MS"]) delete process.env[name];
    resetQuantumConfig();
    await standIn?.close();
    standIn = undefined;
  });

  it("is 503 when the hosted backend is not configured, and stores nothing", async () => {
    const answer = await submit({ qasm: BELL, backend: "ibm_quantum" });
    expect(answer.status).toBe(503);
    expect(answer.json.detail).toMatch(/not configured/);
    expect(await prisma.job.count()).toBe(0);
  });

  it("refuses a dynamic circuit for the hosted backend at once (it would lose its conditions there), and stores nothing", async () => {
    standIn = await startStandIn({ statuses: ["Completed"] });
    configure(standIn);
    const answer = await submit({ qasm: "qreg q[2]; creg c[2]; h q[0]; measure q[0] -> c[0]; if (c == 1) x q[1]; measure q[1] -> c[1];", backend: "ibm_quantum" });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([{ path: "body.qasm", message: "backend ibm_quantum takes circuits measured at the end; this one measures, resets or branches mid-circuit (run it with backend aer)" }]);
    expect(await prisma.job.count()).toBe(0);
    expect(standIn.submitted).toHaveLength(0);
  });

  it("submits from the worker, polls there, and keeps the hosted job's id and counts", async () => {
    standIn = await startStandIn({ statuses: ["Queued", "Running", "Completed"] });
    configure(standIn);
    const submitted = await submit({ qasm: BELL, shots: 200, backend: "ibm_quantum" });
    expect(submitted.status).toBe(202);
    expect(standIn.submitted).toHaveLength(0);
    startWorker();
    const done = await settled(submitted.json.id);
    expect(done.status).toBe("DONE");
    expect(standIn.submitted).toHaveLength(1);
    expect(done.hostedJobId).toBe("job-1");
    const answer = await result(submitted.json.id);
    expect(answer.json).toMatchObject({ backend: "ibm_quantum", hostedJobId: "job-1", shots: 200 });
    expect(Object.keys(answer.json.counts).sort()).toEqual(["00", "11"]);
  });

  it("cancel reaches the hosted job; a restarted worker polls the same hosted job instead of submitting again", async () => {
    standIn = await startStandIn({ statuses: ["Queued"] });
    configure(standIn);
    const first = (await submit({ qasm: BELL, backend: "ibm_quantum" })).json;
    startWorker();
    // The worker submitted it, kept the hosted job's id, and now waits on its status.
    await standIn.polled("job-1");
    await worker!.stop(0);
    worker = undefined;
    expect((await status(first.id)).json).toMatchObject({ status: "QUEUED", hostedJobId: "job-1" });
    standIn.scenario.statuses = ["Running", "Completed"];
    startWorker();
    expect(await settled(first.id)).toMatchObject({ status: "DONE", hostedJobId: "job-1" });
    expect(standIn.submitted).toHaveLength(1);

    standIn.scenario.statuses = ["Queued"];
    const second = (await submit({ qasm: BELL, backend: "ibm_quantum" })).json;
    await standIn.polled("job-2");
    expect((await cancel(second.id)).status).toBe(200);
    expect(await settled(second.id)).toMatchObject({ status: "CANCELLED" });
    expect(standIn.cancelled).toEqual(["job-2"]);
  });

  it("refuses simulator-only options for the hosted backend", async () => {
    standIn = await startStandIn({ statuses: ["Completed"] });
    configure(standIn);
    const answer = await submit({ qasm: BELL, backend: "ibm_quantum", statevector: true });
    expect(answer.status).toBe(400);
    expect(errorPaths(answer.json)).toEqual(["body.statevector"]);
  });
});

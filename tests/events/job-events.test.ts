// Job lifecycle events, recorded in the transaction of the job's status update: a quantum job's
// started and finished (private to its owner) and the run it stores; a wallet indexing job's
// started, progressed and finished (private to the user who asked; none for a job nobody asked
// for); each exactly once per job, also when a job is retried, taken
// over from a dead worker or cancelled before it ran; none when a worker settles a job it no longer holds.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { eventDefinition, toEvent, type TEvent } from "../../lib/events";
import { cancelJob, defineJobKind, enqueueJob, getJob, JobWorker, whenJobsIdle, type JobKind, type JobLifecycleEvents } from "../../lib/jobs";
import { claimJob, completeJob } from "../../lib/jobs/store";
import { quantumCircuitJob, submitQuantumJob } from "../../lib/quantum";
import { closeSimulationPool } from "../../lib/quantum/pool";
import { walletIndexJob, WALLET_INDEX_KIND } from "../../lib/wallet/indexing/wallet-index-job";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { smallCircuit } from "../reliability/circuits";

useApiTest();
afterAll(() => closeSimulationPool());

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await prisma.job.deleteMany({});
});

const startWorker = (kinds: JobKind<any, any>[], leaseMs = 3000) => {
  // Back-off 0: a retried job is due at once, so that whenJobsIdle() waits for its next attempt too.
  const worker = new JobWorker({ kinds, concurrency: 2, leaseMs, pollMs: 20, backoffMs: () => 0, log: () => {} }).start();
  workers.push(worker);
  return worker;
};

/** The job once this process's workers have nothing left to do. */
const settled = async (id: string) => {
  await whenJobsIdle();
  return getJob(id);
};

const eventsAbout = async (entityId: string): Promise<(TEvent & { visibleTo: string | null })[]> =>
  (await prisma.event.findMany({ where: { entityId }, orderBy: { seq: "asc" } })).map((row) => ({ ...toEvent(row), visibleTo: row.visibleTo }));

const expectCatalogShape = (event: TEvent) => {
  const definition = eventDefinition(event.type)!;
  expect(definition.entityType).toBe(event.entity.type);
  expect(definition.data.safeParse(event.data).error).toBeUndefined();
};

// Lifecycle hooks that only count: every stage becomes an event about the job (these types are
// private, so each has an owner: one without is not recorded).
const OWNER = "counting-owner";
const counting: JobLifecycleEvents = {
  started: (job) => ({ type: "quantum_job.started", entityId: job.id, data: { stage: "started" }, visibleTo: OWNER }),
  progressed: (job) => ({ type: "wallet_indexing.progressed", entityId: job.id, data: { stage: "progressed" }, visibleTo: OWNER }),
  finished: (job, status) => ({ type: "quantum_job.finished", entityId: job.id, data: { status }, visibleTo: OWNER }),
};

describe("quantum job events", () => {
  it("a job records started and finished once, private to its owner, and its stored run records quantum_run.completed", async () => {
    const { user } = await userWithKey("operator");
    const BELL = `${smallCircuit}\ncreg c[2];\nmeasure q[0] -> c[0];\nmeasure q[1] -> c[1];`;
    const job = await submitQuantumJob({ qasm: BELL, shots: 200, seed: 3, backend: "aer" } as never, { userId: user.id, role: "operator" });
    startWorker([quantumCircuitJob]);
    expect((await settled(job.id)).status).toBe("DONE");

    const events = await eventsAbout(job.id);
    expect(events.map((event) => event.type)).toEqual(["quantum_job.started", "quantum_job.finished"]);
    expect(events[0].data).toMatchObject({ job: { id: job.id, status: "RUNNING", attempts: 1 } });
    expect(events[1].data).toMatchObject({ status: "DONE", job: { id: job.id, status: "DONE" } });
    for (const event of events) {
      expectCatalogShape(event);
      expect(event.visibleTo).toBe(user.id);
      expect(event.entity).toEqual({ type: "quantum_job", id: job.id });
    }

    const run = await prisma.quantumRun.findFirstOrThrow({ where: { userId: user.id } });
    const [completed] = await eventsAbout(run.id);
    expect(completed).toMatchObject({ type: "quantum_run.completed", entity: { type: "quantum_run", id: run.id }, visibleTo: user.id, data: { id: run.id, entityType: "circuit", shots: 200 } });
    expectCatalogShape(completed);
  });

  it("a job cancelled while queued records finished (CANCELLED) once and never started", async () => {
    const { user } = await userWithKey("operator");
    const job = await submitQuantumJob({ qasm: smallCircuit, shots: 10, backend: "aer" } as never, { userId: user.id, role: "operator" });
    await cancelJob(job.id);
    await expect(cancelJob(job.id)).rejects.toMatchObject({ status: 409 });
    const events = await eventsAbout(job.id);
    expect(events.map((event) => [event.type, (event.data as { status?: string }).status])).toEqual([["quantum_job.finished", "CANCELLED"]]);
    expectCatalogShape(events[0]);
  });
});

describe("lifecycle events exactly once", () => {
  it("a job retried after a failure records one started and one finished", async () => {
    let calls = 0;
    const flaky = defineJobKind<object, string>({
      kind: "test.events.flaky",
      events: counting,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("a passing fault");
        return "ok";
      },
    });
    const job = await enqueueJob({ kind: flaky.kind, payload: {} });
    startWorker([flaky]);
    expect(await settled(job.id)).toMatchObject({ status: "DONE", attempts: 2 });
    expect((await eventsAbout(job.id)).map((event) => event.type)).toEqual(["quantum_job.started", "quantum_job.finished"]);
  });

  it("a job failing for good records finished (ERROR) once after its started", async () => {
    const failing = defineJobKind<object, string>({
      kind: "test.events.failing",
      maxAttempts: 2,
      events: counting,
      run: async () => {
        throw new Error("always");
      },
    });
    const job = await enqueueJob({ kind: failing.kind, payload: {}, maxAttempts: 2 });
    startWorker([failing]);
    expect(await settled(job.id)).toMatchObject({ status: "ERROR", attempts: 2 });
    expect((await eventsAbout(job.id)).map((event) => [event.type, (event.data as { status?: string }).status])).toEqual([
      ["quantum_job.started", undefined],
      ["quantum_job.finished", "ERROR"],
    ]);
  });

  it("a job taken over from a dead worker is not started twice", async () => {
    const quick = defineJobKind<object, string>({ kind: "test.events.quick", events: counting, run: async () => "ok" });
    const job = await enqueueJob({ kind: quick.kind, payload: {} });
    // A worker claims it and dies (never renews, never settles); its lease runs out (written here
    // rather than waited for).
    expect((await claimJob("dead-worker", [quick.kind], 60_000))?.id).toBe(job.id);
    await prisma.job.update({ where: { id: job.id }, data: { lockedUntil: new Date(Date.now() - 60_000) } });
    startWorker([quick]);
    expect(await settled(job.id)).toMatchObject({ status: "DONE", attempts: 2 });
    expect((await eventsAbout(job.id)).map((event) => event.type)).toEqual(["quantum_job.started", "quantum_job.finished"]);
  });

  it("a worker that no longer holds a job records nothing when it settles it", async () => {
    const quick = defineJobKind<object, string>({ kind: "test.events.held", events: counting, run: async () => "ok" });
    const job = await enqueueJob({ kind: quick.kind, payload: {} });
    await claimJob("holder", [quick.kind], 3000);
    expect(await completeJob(job.id, "someone-else", "late")).toEqual({ count: 0 });
    expect((await eventsAbout(job.id)).map((event) => event.type)).toEqual(["quantum_job.started"]);
  });
});

describe("wallet indexing events", () => {
  it("started, one progressed per saved progress, and finished: about the wallet, with the job as the indexing endpoint lists it, private to the user who asked", async () => {
    const { user } = await userWithKey("viewer");
    const address = "0x00000000000000000000000000000000000e7e47";
    // The wallet.index kind with its own lifecycle events, reading from a stand-in that saves progress twice.
    const standIn: JobKind<any, any> = {
      ...walletIndexJob,
      run: async ({ saveProgress }) => {
        await saveProgress({ stage: "txlist", records: 0, fromBlock: "0", toBlock: "100", done: [] });
        await saveProgress({ stage: "tokentx", records: 7, fromBlock: "0", toBlock: "100", done: ["txlist"] });
        return { chain: "eth-mainnet", address, fromBlock: "0", toBlock: "100", transfers: { found: 7, stored: 7 }, holdings: 1, nfts: 0, prices: 0 };
      },
    };
    const job = await enqueueJob({ kind: WALLET_INDEX_KIND, payload: { chain: "eth-mainnet", address }, maxAttempts: 5, userId: user.id });
    startWorker([standIn]);
    expect((await settled(job.id)).status).toBe("DONE");

    const events = await eventsAbout(address);
    expect(events.map((event) => event.type)).toEqual(["wallet_indexing.started", "wallet_indexing.progressed", "wallet_indexing.progressed", "wallet_indexing.finished"]);
    expect(events[2].data).toMatchObject({ address, chain: "eth-mainnet", jobId: job.id, status: "RUNNING", progress: { stage: "tokentx", records: 7 } });
    expect(events[3].data).toMatchObject({ address, jobId: job.id, status: "DONE" });
    for (const event of events) {
      expectCatalogShape(event);
      expect(event.entity).toEqual({ type: "wallet", id: address });
      expect(event.visibleTo).toBe(user.id);
    }
  });

  it("a job nobody asked for (a scheduled refresh) records none", async () => {
    const address = "0x00000000000000000000000000000000000e7e48";
    const standIn: JobKind<any, any> = {
      ...walletIndexJob,
      run: async ({ saveProgress }) => {
        await saveProgress({ stage: "txlist", records: 0, fromBlock: "0", toBlock: "100", done: [] });
        return { chain: "eth-mainnet", address, fromBlock: "0", toBlock: "100", transfers: { found: 0, stored: 0 }, holdings: 0, nfts: 0, prices: 0 };
      },
    };
    const job = await enqueueJob({ kind: WALLET_INDEX_KIND, payload: { chain: "eth-mainnet", address }, maxAttempts: 5, userId: null });
    startWorker([standIn]);
    expect((await settled(job.id)).status).toBe("DONE");
    expect(await eventsAbout(address)).toEqual([]);
  });
});

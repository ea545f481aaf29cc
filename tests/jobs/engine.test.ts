// The job engine against a real database (embedded, or the server at DATABASE_URL): claiming
// without double runs, bounded concurrency, a dead worker's job taken over when its lease runs
// out, cancel that stops the running work, retries, and jobs handed back at shutdown running to
// the end under the next worker.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { cancelJob, defineJobKind, enqueueJob, getJob, JobWorker, whenJobsIdle, type JobKind } from "../../lib/jobs";
import { claimJob } from "../../lib/jobs/store";
import { useApiTest } from "../helpers/api";

useApiTest();

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await prisma.job.deleteMany({});
});

// Back-off 0: a retried job is due at once, so that whenJobsIdle() waits for its next attempt too.
const startWorker = (kinds: JobKind<any, any>[], options: { concurrency?: number; leaseMs?: number; workerId?: string } = {}) => {
  const worker = new JobWorker({ kinds, concurrency: options.concurrency ?? 2, leaseMs: options.leaseMs ?? 3000, pollMs: 20, workerId: options.workerId, backoffMs: () => 0, log: () => {} }).start();
  workers.push(worker);
  return worker;
};

/** The job once this process's workers have nothing left to do. */
const settled = async (id: string) => {
  await whenJobsIdle();
  return getJob(id);
};

/** A job's lease runs out now (what a dead worker's lease does once its time has passed). */
const expireLease = (id: string) => prisma.job.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 60_000) } });

let onStart: (() => void) | undefined;
/** Resolves when the next job of the kinds below starts to run (its row is RUNNING by then). Ask before it can start. */
const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
const markStarted = () => {
  onStart?.();
  onStart = undefined;
};

/** Jobs with `hold` run until the test calls `held.release()`. */
const holdJobs = () => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
};
let held = holdJobs();

// Doubles its input after `ms`, or once released when it `hold`s (a job that works for a while:
// part of the scenario); stops when its signal aborts.
const doubling = defineJobKind<{ n: number; ms?: number; hold?: boolean }, { doubled: number }>({
  kind: "test.double",
  run: ({ payload, signal }) =>
    new Promise((resolve, reject) => {
      markStarted();
      const done = () => resolve({ doubled: payload.n * 2 });
      const timer = payload.hold ? undefined : setTimeout(done, payload.ms ?? 0);
      if (payload.hold) void held.released.then(done);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }),
});

// Runs until it is stopped.
let aborted = false;
const endless = defineJobKind<object, never>({
  kind: "test.endless",
  run: ({ signal }) =>
    new Promise((_resolve, reject) => {
      markStarted();
      signal.addEventListener("abort", () => {
        aborted = true;
        reject(signal.reason);
      });
    }),
});

describe("job engine", () => {
  it("runs a queued job to DONE and keeps its result", async () => {
    const job = await enqueueJob({ kind: "test.double", payload: { n: 21 } });
    expect(job.status).toBe("QUEUED");
    startWorker([doubling]);
    const done = await settled(job.id);
    expect(done).toMatchObject({ status: "DONE", attempts: 1, result: { doubled: 42 }, lockedBy: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
  });

  it("never runs one job twice when workers claim together, and runs at most `concurrency` at once per worker", async () => {
    let running = 0;
    let peak = 0;
    const runs = new Map<number, number>();
    let overlap!: () => void;
    const overlapped = new Promise<void>((resolve) => (overlap = resolve));
    const counted = defineJobKind<{ n: number }, number>({
      kind: "test.counted",
      run: async ({ payload }) => {
        running += 1;
        peak = Math.max(peak, running);
        runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
        // The work itself: no run ends before two have run at once, however fast or loaded the
        // machine (a worker that ran one job at a time would hang here, and fail the test).
        if (running >= 2) overlap();
        await overlapped;
        running -= 1;
        return payload.n;
      },
    });
    const jobs = await Promise.all(Array.from({ length: 12 }, (_, n) => enqueueJob({ kind: "test.counted", payload: { n } })));
    startWorker([counted], { concurrency: 2 });
    startWorker([counted], { concurrency: 1 });
    await whenJobsIdle();
    for (const job of jobs) expect((await getJob(job.id)).status).toBe("DONE");
    expect([...runs.values()]).toEqual(Array(12).fill(1));
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
  });

  it("takes over a job whose worker died once its lease runs out", async () => {
    const job = await enqueueJob({ kind: "test.double", payload: { n: 5 } });
    // A worker claims it and dies: it never renews the lease nor settles the job.
    const claimed = await claimJob("dead-worker", ["test.double"], 60_000);
    expect(claimed).toMatchObject({ id: job.id, status: "RUNNING", lockedBy: "dead-worker", attempts: 1 });
    const rescuer = startWorker([doubling], { workerId: "rescuer" });
    // While the lease holds, the job is left to its worker.
    await whenJobsIdle();
    expect(await getJob(job.id)).toMatchObject({ status: "RUNNING", lockedBy: "dead-worker", attempts: 1 });
    await expireLease(job.id);
    rescuer.wake();
    const done = await settled(job.id);
    expect(done).toMatchObject({ status: "DONE", attempts: 2, result: { doubled: 10 } });
  });

  it("never claims again a job it still runs when its own renewal came late", async () => {
    held = holdJobs();
    const job = await enqueueJob({ kind: "test.double", payload: { n: 3, hold: true } });
    const running = nextStart();
    const worker = startWorker([doubling], { leaseMs: 3000, workerId: "slow-renewer" });
    await running;
    // The lease runs out while the work goes on (as when the event loop stalled past the renewal).
    await expireLease(job.id);
    // A later job of the kind: the claim that starts it would have taken the expired one first
    // (older, same load), had the worker not known it still runs it.
    const laterStarted = nextStart();
    const later = await enqueueJob({ kind: "test.double", payload: { n: 7 } });
    worker.wake();
    await laterStarted;
    held.release();
    expect(await settled(later.id)).toMatchObject({ status: "DONE", attempts: 1 });
    expect(await getJob(job.id)).toMatchObject({ status: "DONE", attempts: 1, result: { doubled: 6 } });
  });

  it("keeps a running job's lease while it works longer than the lease", async () => {
    // The work outlasts the lease more than twice: the lease holds only because it is renewed. (A
    // lease long enough that a renewal on a loaded machine still lands in time: with 1.5 s, a CI run
    // with three suites side by side on the embedded database saw one land late and the job taken over.)
    const job = await enqueueJob({ kind: "test.double", payload: { n: 1, ms: 7_000 } });
    const running = nextStart();
    startWorker([doubling], { leaseMs: 3_000, workerId: "first" });
    await running;
    // A second worker must not take it over while the first renews its lease.
    startWorker([doubling], { leaseMs: 3_000, workerId: "second" });
    const done = await settled(job.id);
    expect(done).toMatchObject({ status: "DONE", attempts: 1 });
  });

  it("cancel stops a running job's work and ends it CANCELLED; a queued one ends at once", async () => {
    aborted = false;
    const running = await enqueueJob({ kind: "test.endless", payload: {} });
    const started = nextStart();
    startWorker([endless], { concurrency: 1 });
    await started;
    const queued = await enqueueJob({ kind: "test.endless", payload: {} });
    expect((await cancelJob(queued.id)).status).toBe("CANCELLED");
    const asked = await cancelJob(running.id);
    expect(asked.cancelRequested).toBe(true);
    expect((await settled(running.id)).status).toBe("CANCELLED");
    expect(aborted).toBe(true);
    await expect(cancelJob(running.id)).rejects.toMatchObject({ status: 409 });
  });

  it("a cancel flagged in the database reaches a worker of another process at its next lease renewal", async () => {
    aborted = false;
    const job = await enqueueJob({ kind: "test.endless", payload: {} });
    const started = nextStart();
    startWorker([endless], { leaseMs: 600 });
    await started;
    // What another process's cancel writes (no local abort here).
    await prisma.job.update({ where: { id: job.id }, data: { cancelRequested: true } });
    expect((await settled(job.id)).status).toBe("CANCELLED");
    expect(aborted).toBe(true);
  });

  it("retries an unexpected failure after a back-off, and fails for good on a refused input", async () => {
    let calls = 0;
    const flaky = defineJobKind<object, string>({
      kind: "test.flaky",
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("connection reset");
        return "ok";
      },
    });
    const refused = defineJobKind<object, string>({
      kind: "test.refused",
      run: async () => {
        const { AppError } = await import("../../lib/core/errors");
        throw new AppError("validation_failed", "qasm does not parse");
      },
    });
    const a = await enqueueJob({ kind: "test.flaky", payload: {} });
    const b = await enqueueJob({ kind: "test.refused", payload: {} });
    startWorker([flaky, refused]);
    expect(await settled(a.id)).toMatchObject({ status: "DONE", attempts: 2, result: "ok" });
    expect(await settled(b.id)).toMatchObject({ status: "ERROR", attempts: 1, error: { status: 400, detail: "qasm does not parse" } });
  });

  it("hands running jobs back at shutdown; the next worker runs them to the end", async () => {
    held = holdJobs();
    const job = await enqueueJob({ kind: "test.double", payload: { n: 4, hold: true } });
    const running = nextStart();
    const first = startWorker([doubling]);
    await running;
    await first.stop(0);
    expect(await getJob(job.id)).toMatchObject({ status: "QUEUED", attempts: 0, lockedBy: null });
    // The restarted process (work that does not wait this time, so the test ends soon).
    await prisma.job.update({ where: { id: job.id }, data: { payload: { n: 4 } } });
    startWorker([doubling]);
    expect(await settled(job.id)).toMatchObject({ status: "DONE", attempts: 1, result: { doubled: 8 } });
  });

  it("fails a job whose workers kept dying instead of running it forever", async () => {
    const job = await enqueueJob({ kind: "test.double", payload: { n: 1 }, maxAttempts: 2 });
    for (const dead of ["dead-1", "dead-2"]) {
      expect(await claimJob(dead, ["test.double"], 60_000)).toMatchObject({ id: job.id, lockedBy: dead });
      await expireLease(job.id);
    }
    startWorker([doubling]);
    const failed = await settled(job.id);
    expect(failed.status).toBe("ERROR");
    expect((failed.error as { detail: string }).detail).toMatch(/abandoned/);
  });
});

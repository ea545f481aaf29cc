// Fair claiming (docs/jobs.md, "Fair claiming"): one user's flood does not hold back another
// user's first job, and a flood of one kind does not starve another kind — in a lane of one slot,
// where only the rotation decides, and with several slots, where the running counts do. Work is
// awaited through the worker's idle hook (whenJobsIdle), never by sleeping.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { defineJobKind, enqueueJob, enqueueJobs, JobWorker, whenJobsIdle, type AnyJobKind } from "../../lib/jobs";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";

useApiTest();

const workers: JobWorker[] = [];
afterEach(async () => {
  rounds = undefined;
  waiting.splice(0).forEach((release) => release());
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await prisma.job.deleteMany({});
});

/** The order jobs started in, as "<kind> <owner> <n>". */
let started: string[] = [];

// With several slots, which job a slot claims depends on what the other slots are running: the
// running counts. So that this is decided by the rule and not by how fast a loaded machine runs a
// job, jobs can be made to run in rounds: `roundOf` jobs start, then all of them end together
// (the last round may be smaller: `total` jobs in all).
let rounds: { size: number; total: number } | undefined;
const waiting: (() => void)[] = [];
const endOfRound = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!rounds || waiting.length === rounds.size || started.length === rounds.total) waiting.splice(0).forEach((release) => release());
  });

const recording = (kind: string) =>
  defineJobKind<{ n: number; owner: string }, number>({
    kind,
    run: async ({ payload }) => {
      started.push(`${kind} ${payload.owner} ${payload.n}`);
      await endOfRound();
      return payload.n;
    },
  }) as AnyJobKind;

const flood = recording("test.fair.flood");
const other = recording("test.fair.other");

const startWorker = (kinds: AnyJobKind[], concurrency: number) => {
  const worker = new JobWorker({ kinds, concurrency, leaseMs: 5_000, pollMs: 60_000, log: () => {} });
  workers.push(worker);
  return worker;
};

/** Queues `count` jobs of `kind` for `owner` in one statement, in order. */
const queue = (kind: string, owner: { id: string; name: string } | null, count: number) =>
  enqueueJobs(Array.from({ length: count }, (_, n) => ({ kind, payload: { n, owner: owner?.name ?? "system" }, userId: owner?.id ?? null })));

describe("fair claiming", () => {
  it("a user's first job is claimed before most of another user's earlier flood (one slot)", async () => {
    started = [];
    const [a, b] = await Promise.all([userWithKey("viewer"), userWithKey("viewer")]);
    await queue(flood.kind, { id: a.user.id, name: "A" }, 12);
    await queue(flood.kind, { id: b.user.id, name: "B" }, 1);
    startWorker([flood], 1).start();
    await whenJobsIdle();
    expect(started).toHaveLength(13);
    // A's oldest job first (nobody was served yet), then B's — not after A's eleven others.
    expect(started.indexOf(`${flood.kind} B 0`)).toBe(1);
    // A's jobs keep their own order.
    expect(started.filter((line) => line.includes(" A "))).toEqual(Array.from({ length: 12 }, (_, n) => `${flood.kind} A ${n}`));
  });

  it("three users share the slots: the one with a single job is not behind the two floods", async () => {
    started = [];
    const [a, b, c] = await Promise.all([userWithKey("viewer"), userWithKey("viewer"), userWithKey("viewer")]);
    await queue(flood.kind, { id: a.user.id, name: "A" }, 8);
    await queue(flood.kind, { id: b.user.id, name: "B" }, 8);
    await queue(flood.kind, { id: c.user.id, name: "C" }, 1);
    rounds = { size: 2, total: 17 };
    startWorker([flood], 2).start();
    await whenJobsIdle();
    expect(started).toHaveLength(17);
    expect(started.indexOf(`${flood.kind} C 0`)).toBeLessThan(3);
    // Served in turns: among the first six, each flooding user has at most three.
    const firstSix = started.slice(0, 6);
    expect(firstSix.filter((line) => line.includes(" A ")).length).toBeLessThanOrEqual(3);
    expect(firstSix.filter((line) => line.includes(" B ")).length).toBeLessThanOrEqual(3);
  });

  it("a flood of one kind does not starve another kind", async () => {
    started = [];
    await queue(flood.kind, null, 12);
    await enqueueJob({ kind: other.kind, payload: { n: 0, owner: "system" } });
    startWorker([flood, other], 1).start();
    await whenJobsIdle();
    expect(started).toHaveLength(13);
    expect(started.indexOf(`${other.kind} system 0`)).toBe(1);
  });

  it("a job queued while the worker idles is started by the enqueue's wake, not by the poll (a minute here)", async () => {
    let ran = () => {};
    const running = new Promise<void>((resolve) => (ran = resolve));
    const woken = defineJobKind<object, string>({ kind: "test.fair.woken", run: async () => (ran(), "ran") });
    startWorker([woken as AnyJobKind], 1).start();
    await whenJobsIdle();
    // The worker sleeps on its minute's poll now; only the enqueue's wake can start the job before
    // the test's time runs out (no hook is asked here: asking one wakes the worker itself).
    const job = await enqueueJob({ kind: woken.kind, payload: {} });
    await running;
    await whenJobsIdle();
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "DONE", result: "ran" });
  });
});

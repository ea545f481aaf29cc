// Recurring job kinds: one job per time slot across every instance, run by whichever worker claims
// it; old finished slots are forgotten.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { defineJobKind, enqueueOnce, JobWorker, scheduleKey, whenJobsIdle } from "../../lib/jobs";
import { queueScheduled } from "../../lib/jobs/store";
import { useApiTest } from "../helpers/api";

useApiTest();

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await prisma.job.deleteMany({});
});

let runs = 0;
const sweep = defineJobKind<{ what: string }, { swept: string }>({
  kind: "test.sweep",
  schedule: { everyMs: 60_000, payload: { what: "dust" } },
  run: async ({ payload }) => {
    runs += 1;
    return { swept: payload.what };
  },
});

describe("recurring jobs", () => {
  it("queues one job per slot however many instances ask at once", async () => {
    const now = Date.UTC(2026, 10, 24, 10, 0, 30);
    const queued = await Promise.all([1, 2, 3, 4].map(() => queueScheduled([sweep], now)));
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
    // The next minute is the next slot.
    expect(await queueScheduled([sweep], now + 60_000)).toBe(1);
    const jobs = await prisma.job.findMany({ where: { kind: "test.sweep" }, orderBy: { dedupeKey: "asc" } });
    expect(jobs.map((job) => job.dedupeKey)).toEqual([scheduleKey("test.sweep", 60_000, now), scheduleKey("test.sweep", 60_000, now + 60_000)]);
    expect(jobs[0].payload).toEqual({ what: "dust" });
  });

  it("two workers run the current slot's job once", async () => {
    runs = 0;
    for (const id of ["a", "b"]) {
      workers.push(new JobWorker({ kinds: [sweep], concurrency: 2, leaseMs: 3000, pollMs: 20, workerId: id, log: () => {} }).start());
    }
    // Settled: both workers have looped (and asked for the slot's job) until neither finds work.
    await whenJobsIdle();
    await whenJobsIdle();
    const jobs = await prisma.job.findMany({ where: { kind: "test.sweep" } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "DONE", result: { swept: "dust" } });
    expect(runs).toBe(1);
  });

  it("forgets finished slots older than a day, and never an active one", async () => {
    const old = new Date(Date.now() - 25 * 3600_000);
    await prisma.job.createMany({
      data: [
        { kind: "test.sweep", payload: {}, status: "DONE", finishedAt: old, dedupeKey: "schedule:test.sweep:1" },
        { kind: "test.sweep", payload: {}, status: "QUEUED", dedupeKey: "schedule:test.sweep:2" },
        { kind: "test.other", payload: {}, status: "DONE", finishedAt: old },
      ],
    });
    await queueScheduled([sweep]);
    const keys = (await prisma.job.findMany({ select: { dedupeKey: true, kind: true } })).map((job) => job.dedupeKey ?? job.kind).sort();
    expect(keys).toEqual(["schedule:test.sweep:2", scheduleKey("test.sweep", 60_000), "test.other"].sort());
  });

  it("enqueueOnce skips a key that is taken", async () => {
    expect(await enqueueOnce([{ kind: "test.once", payload: {}, dedupeKey: "k1" }])).toBe(1);
    expect(await enqueueOnce([{ kind: "test.once", payload: {}, dedupeKey: "k1" }, { kind: "test.once", payload: {}, dedupeKey: "k2" }])).toBe(1);
    expect(await prisma.job.count({ where: { kind: "test.once" } })).toBe(2);
  });
});

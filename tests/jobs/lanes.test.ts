// The process's job lanes: long work (simulations, wallet indexing) and short work (webhook
// deliveries, sweeps) have slots of their own, so a full `work` lane never holds a delivery back.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { defineJobKind, enqueueJob, getJob, whenJobsIdle, type AnyJobKind } from "../../lib/jobs";
import { JOB_KINDS, jobLanes, startJobWorker, stopJobWorker } from "../../lib/startup/jobs";
import { useApiTest } from "../helpers/api";

useApiTest();

afterEach(async () => {
  await stopJobWorker();
  await prisma.job.deleteMany({});
});

describe("job lanes", () => {
  it("puts every kind in exactly one lane, deliveries apart from simulations and indexing, hosted runs apart from both", () => {
    const lanes = jobLanes({ JOBS_CONCURRENCY: 3, JOBS_QUICK_CONCURRENCY: 5, JOBS_AGENTS_CONCURRENCY: 7 });
    const all = lanes.flatMap((lane) => lane.kinds.map((kind) => kind.kind));
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(JOB_KINDS.map((kind) => kind.kind).sort());
    const laneOf = (kind: string) => lanes.find((lane) => lane.kinds.some((candidate) => candidate.kind === kind))!;
    expect(laneOf("webhook.deliver")).toMatchObject({ name: "quick", concurrency: 5 });
    expect(laneOf("quantum.circuit")).toMatchObject({ name: "work", concurrency: 3 });
    expect(laneOf("wallet.index")).toMatchObject({ name: "work" });
    expect(laneOf("engines.hosted-run")).toMatchObject({ name: "agents", concurrency: 7 });
    expect(laneOf("engines.dispatch")).toMatchObject({ name: "quick" });
  });

  it("runs a short job while every slot of the long lane is taken", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let longStarted = () => {};
    const aLongOneRuns = new Promise<void>((resolve) => (longStarted = resolve));
    const long = defineJobKind<object, string>({ kind: "test.lanes.long", run: async () => (longStarted(), await held, "long") });
    const short = defineJobKind<object, string>({ kind: "test.lanes.short", run: async () => "short" });
    const [, quickLane] = startJobWorker([
      { name: "work", kinds: [long as AnyJobKind], concurrency: 1 },
      { name: "quick", kinds: [short as AnyJobKind], concurrency: 1 },
    ])!;
    const blockers = await Promise.all([enqueueJob({ kind: long.kind, payload: {} }), enqueueJob({ kind: long.kind, payload: {} })]);
    await aLongOneRuns;
    const quick = await enqueueJob({ kind: short.kind, payload: {} });
    // The quick lane alone settles (the work lane stays busy until the release below).
    await quickLane.whenIdle();
    expect((await getJob(quick.id)).status).toBe("DONE");
    // The long lane is still full: one long job runs, the other waits for its slot.
    const statuses = (await Promise.all(blockers.map((job) => getJob(job.id)))).map((job) => job.status).sort();
    expect(statuses).toEqual(["QUEUED", "RUNNING"]);
    release();
    await whenJobsIdle();
    for (const job of blockers) expect((await getJob(job.id)).status).toBe("DONE");
  });
});

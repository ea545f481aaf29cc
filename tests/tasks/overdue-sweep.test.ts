// The overdue sweep (job kind tasks.overdue-sweep): one task.overdue event per task when it becomes
// overdue, never for a final task, never twice (also when sweeps overlap), again after a new due date.
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { JobWorker, whenJobsIdle } from "../../lib/jobs";
import { queueScheduled } from "../../lib/jobs/store";
import { JOB_KINDS } from "../../lib/startup/jobs";
import { OVERDUE_SWEEP_KIND, assignTask, moveTaskStatus, overdueSweepJob, sweepOverdueTasks, updateTask, type TAssignTaskBody } from "../../lib/tasks";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";

useApiTest();

const workers: JobWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
});

const T0 = new Date("2031-06-01T12:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const seed = async (status: TAssignTaskBody["status"], dueDate: Date | null) => {
  const id = unique("sweep");
  await assignTask({ id, description: `Task ${id}`, status, ...(dueDate ? { dueDate: dueDate.toISOString() } : {}) });
  return id;
};
const overdueEvents = (ids: string[]) => prisma.event.findMany({ where: { type: "task.overdue", entityId: { in: ids } }, orderBy: { seq: "asc" } });

describe("sweepOverdueTasks", () => {
  it("records task.overdue once for each open task past its due date, and never for final or later ones", async () => {
    const pending = await seed("pending", minutes(-5));
    const running = await seed("in_progress", minutes(-1));
    const finished = await Promise.all((["completed", "failed", "cancelled"] as const).map((status) => seed(status, minutes(-5))));
    const later = await seed("assigned", minutes(10));
    const undated = await seed("pending", null);
    const all = [pending, running, ...finished, later, undated];

    expect((await sweepOverdueTasks(T0)).filter((id) => all.includes(id)).sort()).toEqual([pending, running].sort());
    const events = await overdueEvents(all);
    expect(events.map((event) => event.entityId).sort()).toEqual([pending, running].sort());
    expect(events.find((event) => event.entityId === pending)?.data).toMatchObject({
      overdueSince: minutes(-5).toISOString(),
      task: { id: pending, overdue: true, overdueSince: minutes(-5).toISOString() },
    });

    // Sweeping again tells nobody twice; once `later` is due, it alone is told.
    expect((await sweepOverdueTasks(minutes(1))).filter((id) => all.includes(id))).toEqual([]);
    expect((await sweepOverdueTasks(minutes(11))).filter((id) => all.includes(id))).toEqual([later]);
    expect((await overdueEvents(all)).map((event) => event.entityId).sort()).toEqual([pending, running, later].sort());
  });

  it("two overlapping sweeps tell each task once", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => seed("pending", minutes(-3))));
    const swept = await Promise.all([sweepOverdueTasks(T0), sweepOverdueTasks(T0)]);
    expect(swept.flat().filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(await overdueEvents(ids)).toHaveLength(3);
  });

  it("goes through more overdue tasks than one batch holds, each told once, also when sweeps of other batch sizes overlap", async () => {
    const ids = await Promise.all(Array.from({ length: 9 }, (_, i) => seed(i % 3 === 0 ? "assigned" : "pending", minutes(-1 - i))));
    const swept = await Promise.all([sweepOverdueTasks(T0, 2), sweepOverdueTasks(T0, 3), sweepOverdueTasks(T0, 4)]);
    expect(swept.flat().filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(await overdueEvents(ids)).toHaveLength(9);
    const told = await prisma.task.findMany({ where: { id: { in: ids } }, select: { overdueEventAt: true } });
    expect(told.every((task) => task.overdueEventAt !== null)).toBe(true);
  });

  it("tells again after the due date is changed and passes anew, but not after another edit", async () => {
    const id = await seed("pending", minutes(-3));
    await sweepOverdueTasks(T0);
    await updateTask(id, { description: "Renamed", dueDate: minutes(-3).toISOString() });
    await sweepOverdueTasks(minutes(1));
    expect(await overdueEvents([id])).toHaveLength(1);
    await updateTask(id, { description: "Renamed", dueDate: minutes(30).toISOString() });
    await sweepOverdueTasks(minutes(20));
    expect(await overdueEvents([id])).toHaveLength(1);
    await sweepOverdueTasks(minutes(31));
    expect(await overdueEvents([id])).toHaveLength(2);
  });

  it("a task finished before the sweep is never told", async () => {
    const id = await seed("in_progress", minutes(-3));
    await moveTaskStatus(id, "completed");
    expect(await sweepOverdueTasks(T0)).not.toContain(id);
    expect(await overdueEvents([id])).toEqual([]);
  });
});

describe("the tasks.overdue-sweep job kind", () => {
  it("is registered as a recurring kind and runs the sweep through the job engine", async () => {
    expect(JOB_KINDS.map((kind) => kind.kind)).toContain(OVERDUE_SWEEP_KIND);
    expect(overdueSweepJob.schedule?.everyMs).toBe(60_000);
    // Due a minute ago by the real clock, which the job's sweep uses.
    const id = await seed("assigned", new Date(Date.now() - 60_000));
    expect(await queueScheduled([overdueSweepJob], Date.now())).toBe(1);
    workers.push(new JobWorker({ kinds: [overdueSweepJob], concurrency: 1, leaseMs: 3000, pollMs: 20, workerId: "sweep", log: () => {} }).start());
    await whenJobsIdle();
    const [job] = await prisma.job.findMany({ where: { kind: OVERDUE_SWEEP_KIND } });
    expect(job).toMatchObject({ status: "DONE" });
    expect((job.result as { told: number }).told).toBeGreaterThanOrEqual(1);
    expect(await overdueEvents([id])).toHaveLength(1);
  });
});

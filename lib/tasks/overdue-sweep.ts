// The overdue sweep (job kind "tasks.overdue-sweep", recurring): a task that is not final and whose
// due date has passed is overdue; the first sweep after that records one task.overdue event for it.
// One UPDATE marks every such task not marked yet (Task.overdueEventAt) and answers their ids; the
// events are recorded in the same transaction, so a task is told once even when sweeps overlap (the
// second one's UPDATE waits on the row locks, then finds the tasks marked).
import { prisma, Prisma } from "../db";
import { defineJobKind } from "../jobs";
import { recordEvents } from "../events";
import { TASK_COLUMNS, toTask } from "./shape";
import { OPEN_TASK_STATUSES } from "./status-machine";

export const OVERDUE_SWEEP_KIND = "tasks.overdue-sweep";
/** How often the sweep runs: a task is told overdue within about this long of its due date. */
export const OVERDUE_SWEEP_EVERY_MS = 60_000;

/** Marks the tasks that became overdue by `now` and records their task.overdue events; answers their ids. */
export const sweepOverdueTasks = async (now: Date = new Date()): Promise<string[]> =>
  prisma.$transaction(async (tx) => {
    const open = Prisma.join(OPEN_TASK_STATUSES.map((status) => Prisma.sql`${status}::"TaskStatus"`));
    const marked = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Task" SET "overdueEventAt" = ${now}
       WHERE status IN (${open}) AND "dueDate" < ${now} AND "overdueEventAt" IS NULL
       RETURNING id`;
    if (marked.length === 0) return [];
    const rows = await tx.task.findMany({ where: { id: { in: marked.map((row) => row.id) } }, select: TASK_COLUMNS, orderBy: { id: "asc" } });
    await recordEvents(
      tx,
      rows.map((row) => {
        const task = toTask(row, now);
        return { type: "task.overdue", entityId: task.id, data: { overdueSince: task.overdueSince, task } };
      }),
    );
    return rows.map((row) => row.id);
  });

export const overdueSweepJob = defineJobKind<Record<string, never>, { told: number }>({
  kind: OVERDUE_SWEEP_KIND,
  schedule: { everyMs: OVERDUE_SWEEP_EVERY_MS },
  run: async () => ({ told: (await sweepOverdueTasks()).length }),
});

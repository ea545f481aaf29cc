// The overdue sweep (job kind "tasks.overdue-sweep", recurring): a task that is not final and whose
// due date has passed is overdue; the first sweep after that records one task.overdue event for it.
// It goes through the overdue tasks by id in batches of BATCH, each batch one transaction of three
// statements whatever its size: one marks the batch (Task.overdueEventAt) and answers the ids, one
// reads their rows, one inserts their events (lib/outbox/record.ts). A task is told once even when
// sweeps overlap: the marking re-checks the conditions on the row it locks, so a second sweep, having
// waited on the first one's locks, finds those tasks marked and leaves them (and goes on after them).
// Before, one transaction marked and told every overdue task at once: at 100,000 agents (20,931
// overdue tasks) it held its connection and the event lock for ten seconds, past the transaction
// timeout, and building its events blocked the event loop long enough for the stale sweep to give
// up waiting for a connection ("Unable to start a transaction in the given time").
import { prisma, Prisma } from "../db";
import { defineJobKind } from "../jobs";
import { recordEvents } from "../outbox";
import { TASK_COLUMNS, toTask } from "./shape";
import { OPEN_TASK_STATUSES } from "./status-machine";

export const OVERDUE_SWEEP_KIND = "tasks.overdue-sweep";
/** How often the sweep runs: a task is told overdue within about this long of its due date. */
export const OVERDUE_SWEEP_EVERY_MS = 60_000;
/** Tasks one transaction of the sweep marks and tells. */
const BATCH = 1_000;

/**
 * One batch: the next `batch` tasks by id after `after` that are overdue at `now` and not marked
 * yet (the candidates), of which it marks those still so when it holds their lock (another sweep may
 * have marked some meanwhile) and records their events. Answers the ids it told, in order, how many
 * candidates there were and the last one (the next batch goes on after it: no batch reads again the
 * tasks the batches before it went through).
 */
const sweepBatch = (now: Date, batch: number, after: string) =>
  prisma.$transaction(async (tx) => {
    const open = Prisma.join(OPEN_TASK_STATUSES.map((status) => Prisma.sql`${status}::"TaskStatus"`));
    const due = (alias: string) =>
      Prisma.sql`${Prisma.raw(alias)}.status IN (${open}) AND ${Prisma.raw(alias)}."dueDate" < ${now} AND ${Prisma.raw(alias)}."overdueEventAt" IS NULL`;
    const [found] = await tx.$queryRaw<{ candidates: number; last: string | null; marked: string[] | null }[]>`
      WITH candidates AS (SELECT c.id FROM "Task" c WHERE ${due("c")} AND c.id > ${after} ORDER BY c.id LIMIT ${batch}),
      marked AS (UPDATE "Task" t SET "overdueEventAt" = ${now} FROM candidates WHERE t.id = candidates.id AND ${due("t")} RETURNING t.id)
      SELECT (SELECT count(*)::int FROM candidates) AS candidates, (SELECT max(id) FROM candidates) AS last,
             (SELECT array_agg(id) FROM marked) AS marked`;
    const marked = found.marked ?? [];
    if (marked.length === 0) return { told: [], candidates: found.candidates, last: found.last };
    const rows = await tx.task.findMany({ where: { id: { in: marked } }, select: TASK_COLUMNS, orderBy: { id: "asc" } });
    await recordEvents(
      tx,
      rows.map((row) => {
        const task = toTask(row, now);
        return { type: "task.overdue", entityId: task.id, data: { overdueSince: task.overdueSince, task } };
      }),
    );
    return { told: rows.map((row) => row.id), candidates: found.candidates, last: found.last };
  });

/** Marks the tasks that became overdue by `now` and records their task.overdue events; answers their ids. */
export const sweepOverdueTasks = async (now: Date = new Date(), batch: number = BATCH): Promise<string[]> => {
  const told: string[] = [];
  let after = "";
  for (;;) {
    const done = await sweepBatch(now, batch, after);
    told.push(...done.told);
    if (done.candidates < batch || done.last === null) return told;
    after = done.last;
  }
};

export const overdueSweepJob = defineJobKind<Record<string, never>, { told: number }>({
  kind: OVERDUE_SWEEP_KIND,
  schedule: { everyMs: OVERDUE_SWEEP_EVERY_MS },
  run: async () => ({ told: (await sweepOverdueTasks()).length }),
});

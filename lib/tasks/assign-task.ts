import { prisma } from "../db";
import { alreadyExists } from "../core/errors";
import { recordEvent } from "../outbox";
import { requireAssignable } from "./find-entities";
import type { TAssignTaskBody, TTask } from "./schemas";
import { TASK_COLUMNS, toTask, toTaskColumns } from "./shape";

/**
 * Creates a task and assigns it: the entity must exist (422), the id must be new (409). The
 * status the body carries is stored and recorded as the first entry of the task's history, and
 * task.created is recorded in the same transaction. A task handed off by a hosted run (origin) keeps
 * that run as its parent.
 */
export const assignTask = async (body: TAssignTaskBody, origin: { parentRunId?: string } = {}): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    if (await tx.task.findUnique({ where: { id: body.id }, select: { id: true } })) throw alreadyExists("Task", body.id);
    if (body.assignedEntity) await requireAssignable(tx, body.assignedEntity);
    const now = new Date();
    const row = await tx.task.create({
      // A hand-off (lib/engines): the run that created it, so both traces can point at each other.
      data: { ...toTaskColumns(body), parentRunId: origin.parentRunId ?? null, createdAt: now, updatedAt: now },
      select: TASK_COLUMNS,
    });
    await tx.taskStatusChange.create({ data: { taskId: row.id, fromStatus: null, toStatus: row.status, changedAt: now } });
    const task = toTask(row, now);
    await recordEvent(tx, { type: "task.created", entityId: task.id, data: task });
    return task;
  });

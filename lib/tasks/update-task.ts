import { prisma } from "../db";
import { AppError, idMismatch } from "../core/errors";
import { recordEvent } from "../outbox";
import { lockTaskForChange } from "./lock-task-for-change";
import { requireAssignable } from "./find-entities";
import { mayCarryResult, type TTask, type TUpdateTaskBody } from "./schemas";
import { TASK_COLUMNS, toEditedColumns, toTask } from "./shape";

const sameDate = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Replaces a task's editable fields with the body (description, due date, assignee, metadata,
 * metrics, result; what the body omits is cleared) and records task.updated, in one transaction.
 * 400 when the body's id is not the path's; 404 for an unknown task; 409 while it is in progress,
 * for a result on a task that is not completed or failed, and for a new assignee of a completed or
 * failed task (its outcome was credited to the one it had); 422 when the assignee does not exist.
 * A new due date forgets that the task.overdue event was recorded, so a task overdue again is told again.
 */
export const updateTask = async (taskId: string, body: TUpdateTaskBody): Promise<TTask> => {
  if (body.id !== undefined && body.id !== taskId) throw idMismatch(taskId, body.id, "task");
  return prisma.$transaction(async (tx) => {
    const current = await lockTaskForChange(tx, taskId, "edited");
    if (body.result && !mayCarryResult(current.status)) {
      throw new AppError("conflict", `Task '${taskId}' is ${current.status}: only a completed or failed task carries a result.`);
    }
    const entity = body.assignedEntity;
    const reassigned = (entity?.type ?? null) !== current.entityType || (entity?.id ?? null) !== current.entityId;
    if (reassigned && mayCarryResult(current.status)) {
      throw new AppError(
        "conflict",
        `Task '${taskId}' is ${current.status} and its outcome was credited to its assignee; it cannot be assigned to another.`,
      );
    }
    if (entity && reassigned) await requireAssignable(tx, entity);
    const columns = toEditedColumns(body);
    const now = new Date();
    const row = await tx.task.update({
      where: { id: taskId },
      data: { ...columns, updatedAt: now, ...(sameDate(columns.dueDate, current.dueDate) ? {} : { overdueEventAt: null }) },
      select: TASK_COLUMNS,
    });
    const task = toTask(row, now);
    await recordEvent(tx, { type: "task.updated", entityId: taskId, data: task });
    return task;
  });
};

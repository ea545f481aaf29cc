import { prisma } from "../db";
import { recordEvent } from "../outbox";
import { lockTaskForChange } from "./lock-task-for-change";

/**
 * Deletes a task with its status history: 404 when there is none, 409 while it is in progress.
 * A finished task's outcome stays in its assignee's record (the history points keep the task id).
 * Records task.deleted in the same transaction.
 */
export const deleteTask = async (taskId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    await lockTaskForChange(tx, taskId, "deleted");
    await tx.task.delete({ where: { id: taskId } });
    await recordEvent(tx, { type: "task.deleted", entityId: taskId, data: { id: taskId } });
  });
};

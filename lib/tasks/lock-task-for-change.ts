// What an edit or a delete of a task needs first: the task's row, locked until the transaction ends
// (so that no status move slips in between the check and the write), and the refusal while it is
// in progress.
import { AppError, notFound } from "../core/errors";
import type { Prisma } from "../db";
import type { TEntityType } from "./schemas";
import type { TaskStatusValue } from "./status-machine";

export type LockedTask = { status: TaskStatusValue; entityType: TEntityType | null; entityId: string | null; dueDate: Date | null };

/** Locks the task's row and answers its status and assignment; 404 when there is none, 409 while it is in progress. */
export const lockTaskForChange = async (tx: Prisma.TransactionClient, taskId: string, change: "edited" | "deleted"): Promise<LockedTask> => {
  const [row] = await tx.$queryRaw<LockedTask[]>`
    SELECT status::text AS status, "entityType"::text AS "entityType", "entityId", "dueDate" FROM "Task" WHERE id = ${taskId} FOR UPDATE`;
  if (!row) throw notFound("Task", taskId);
  if (row.status === "in_progress") {
    throw new AppError(
      "conflict",
      `Task '${taskId}' is in progress and cannot be ${change}; complete, fail or cancel it first.`,
    );
  }
  return row;
};

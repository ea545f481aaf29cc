import { prisma } from "../db";
import { notFound } from "../core/errors";
import type { TTaskWithHistory } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";

/** A task with its status history (oldest move first), or null. */
export const findTask = async (taskId: string): Promise<TTaskWithHistory | null> => {
  const row = await prisma.task.findUnique({
    where: { id: taskId },
    select: {
      ...TASK_COLUMNS,
      statusHistory: { select: { fromStatus: true, toStatus: true, changedAt: true }, orderBy: [{ changedAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!row) return null;
  return {
    ...toTask(row),
    statusHistory: row.statusHistory.map((change) => ({ from: change.fromStatus, to: change.toStatus, at: change.changedAt.toISOString() })),
  };
};

/** A task with its status history; 404 when there is none with that id. */
export const getTask = async (taskId: string): Promise<TTaskWithHistory> => {
  const task = await findTask(taskId);
  if (!task) throw notFound("Task", taskId);
  return task;
};

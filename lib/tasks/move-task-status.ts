import { prisma } from "../db";
import { notFound } from "../core/errors";
import type { TTask } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";
import { TASK_MACHINE, type TaskStatusValue } from "./status-machine";

/**
 * Moves a task along its state machine and records the move, in one transaction. The update
 * only applies while the task still has the status the move was checked against, so of two
 * concurrent moves one wins and the other is a 409.
 */
export const moveTaskStatus = async (taskId: string, to: TaskStatusValue): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.task.findUnique({ where: { id: taskId }, select: { status: true } });
    if (!current) throw notFound("Task", taskId);
    const now = new Date();
    await TASK_MACHINE.move(taskId, current.status, to, () =>
      tx.task.updateMany({ where: { id: taskId, status: current.status }, data: { status: to, updatedAt: now } }),
    );
    await tx.taskStatusChange.create({ data: { taskId, fromStatus: current.status, toStatus: to, changedAt: now } });
    return toTask(await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: TASK_COLUMNS }));
  });

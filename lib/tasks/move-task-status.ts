import { prisma } from "../db";
import { AppError, notFound } from "../http/errors";
import type { TTask } from "./schemas";
import { TASK_COLUMNS, toTask } from "./shape";
import { allowedTaskMoves, canMoveTask, type TaskStatusValue } from "./status-machine";

const illegalMove = (taskId: string, from: TaskStatusValue, to: TaskStatusValue) => {
  const allowed = allowedTaskMoves(from);
  const next = allowed.length ? `allowed from ${from}: ${allowed.join(", ")}` : `${from} is final; no move is allowed`;
  return new AppError("conflict", `Task '${taskId}' cannot move from ${from} to ${to} (${next}).`);
};

/**
 * Moves a task along its state machine and records the move, in one transaction. The update
 * only applies while the task still has the status the move was checked against, so of two
 * concurrent moves one wins and the other is a 409.
 */
export const moveTaskStatus = async (taskId: string, to: TaskStatusValue): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.task.findUnique({ where: { id: taskId }, select: { status: true } });
    if (!current) throw notFound("Task", taskId);
    if (!canMoveTask(current.status, to)) throw illegalMove(taskId, current.status, to);
    const now = new Date();
    const moved = await tx.task.updateMany({ where: { id: taskId, status: current.status }, data: { status: to, updatedAt: now } });
    if (moved.count === 0) {
      throw new AppError("conflict", `Task '${taskId}' changed status while this move was being made; read it again and retry.`);
    }
    await tx.taskStatusChange.create({ data: { taskId, fromStatus: current.status, toStatus: to, changedAt: now } });
    return toTask(await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: TASK_COLUMNS }));
  });

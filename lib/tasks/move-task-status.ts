import { prisma } from "../db";
import { notFound } from "../core/errors";
import { recordEvents, type EventInput } from "../outbox";
import { applyOutcome } from "./apply-outcome";
import type { TTask, TTaskResultBody } from "./schemas";
import { TASK_COLUMNS, toResultColumns, toTask } from "./shape";
import { TASK_MACHINE, type TaskStatusValue } from "./status-machine";

/**
 * Moves a task along its state machine and records the move and a task.status_changed event, in
 * one transaction. The update only applies while the task still has the status the move was
 * checked against, so of two concurrent moves one wins and the other is a 409. A move to
 * completed or failed stores the result (when given) and the finish time, and moves the
 * assignee's record by the outcome rule (lib/tasks/apply-outcome.ts), with an agent.updated event per
 * agent moved; a refused move changes nothing.
 */
export const moveTaskStatus = async (taskId: string, to: TaskStatusValue, result?: TTaskResultBody): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.task.findUnique({ where: { id: taskId }, select: { status: true, entityType: true, entityId: true } });
    if (!current) throw notFound("Task", taskId);
    const now = new Date();
    const outcome = to === "completed" || to === "failed" ? to : null;
    await TASK_MACHINE.move(taskId, current.status, to, () =>
      tx.task.updateMany({
        where: { id: taskId, status: current.status },
        data: { status: to, updatedAt: now, ...(outcome ? { finishedAt: now } : {}), ...(result ? toResultColumns(result) : {}) },
      }),
    );
    await tx.taskStatusChange.create({ data: { taskId, fromStatus: current.status, toStatus: to, changedAt: now } });
    const agents =
      outcome && current.entityType && current.entityId
        ? await applyOutcome(tx, taskId, { type: current.entityType, id: current.entityId }, outcome, now)
        : [];
    const task = toTask(await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: TASK_COLUMNS }), now);
    const events: EventInput[] = [
      { type: "task.status_changed", entityId: taskId, data: { from: current.status, to, task } },
      ...agents.map((agent) => ({ type: "agent.updated", entityId: agent.id, data: agent })),
    ];
    await recordEvents(tx, events);
    return task;
  });

import { prisma, type Prisma } from "../db";
import { AppError, notFound } from "../core/errors";
import { recordEvents, type EventInput } from "../outbox";
import { applyOutcome } from "./apply-outcome";
import type { TEntityType, TTask, TTaskResultBody } from "./schemas";
import { TASK_COLUMNS, toResultColumns, toTask } from "./shape";
import { TASK_MACHINE, TASK_RUN_MACHINE, type TaskStatusValue } from "./status-machine";

/** What a run measured of the task's work (docs/agents-at-work.md, "Measured metrics"). */
export type MeasuredTaskMetrics = { actualDuration: number; actualCost: number; resourceUsage: number };

export type TaskMove = {
  to: TaskStatusValue;
  /** The status the move was checked against (read in the same transaction). */
  from: TaskStatusValue;
  now: Date;
  result?: TTaskResultBody;
  metrics?: MeasuredTaskMetrics;
  /** Events of the caller's, recorded with the task's (after them). */
  events?: EventInput[];
  /** A run's move (the runs area): in_progress → assigned is allowed too (TASK_RUN_MACHINE). */
  byRun?: boolean;
};

/**
 * Moves a task along its state machine in `tx`: the update applies only while the task still has
 * status `from` (so of two concurrent moves one wins, the other a 409), the move is recorded in its
 * history with a task.status_changed event, and a move to completed or failed stores the result
 * and the finish time and moves the assignee's record by the outcome rule (lib/tasks/apply-outcome.ts),
 * with an agent.updated event per agent moved. Answers the task after the move and the agents moved.
 */
export const moveTask = async (
  tx: Prisma.TransactionClient,
  taskId: string,
  entity: { type: TEntityType | null; id: string | null },
  move: TaskMove,
): Promise<{ task: TTask; movedAgents: string[] }> => {
  const { from, to, now, result, metrics } = move;
  const outcome = to === "completed" || to === "failed" ? to : null;
  await (move.byRun ? TASK_RUN_MACHINE : TASK_MACHINE).move(taskId, from, to, () =>
    tx.task.updateMany({
      where: { id: taskId, status: from },
      data: { status: to, updatedAt: now, ...(outcome ? { finishedAt: now } : {}), ...(result ? toResultColumns(result) : {}), ...(metrics ?? {}) },
    }),
  );
  await tx.taskStatusChange.create({ data: { taskId, fromStatus: from, toStatus: to, changedAt: now } });
  const agents =
    outcome && entity.type && entity.id
      ? await applyOutcome(tx, taskId, { type: entity.type, id: entity.id }, outcome, now)
      : [];
  const task = toTask(await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: TASK_COLUMNS }), now);
  await recordEvents(tx, [
    { type: "task.status_changed", entityId: taskId, data: { from, to, task } },
    ...agents.map((agent) => ({ type: "agent.updated", entityId: agent.id, data: agent })),
    ...(move.events ?? []),
  ]);
  return { task, movedAgents: agents.map((agent) => agent.id) };
};

/**
 * Moves a task along its state machine and records the move and a task.status_changed event, in
 * one transaction (moveTask). A task an agent's run holds (running or awaiting approval) is moved
 * by its run, not here: a 409 naming the run, which an operator cancels instead; a refused move
 * changes nothing.
 */
export const moveTaskStatus = async (taskId: string, to: TaskStatusValue, result?: TTaskResultBody): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    const current = await tx.task.findUnique({ where: { id: taskId }, select: { status: true, entityType: true, entityId: true } });
    if (!current) throw notFound("Task", taskId);
    const [open] = await tx.$queryRaw<{ id: string; agentId: string }[]>`
      SELECT id, "agentId" FROM "AgentRun" WHERE "taskId" = ${taskId} AND status IN ('running', 'awaiting_approval') LIMIT 1`;
    if (open) {
      throw new AppError(
        "conflict",
        `Task '${taskId}' is being worked by agent '${open.agentId}' (run '${open.id}'); its run moves it. To stop the work, cancel the run (POST /api/runs/${open.id}/cancel).`,
      );
    }
    const { task } = await moveTask(tx, taskId, { type: current.entityType, id: current.entityId }, { from: current.status, to, now: new Date(), result });
    return task;
  });

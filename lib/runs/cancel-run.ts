// An operator's cancel (docs/agents-at-work.md, "Runs"): the run ends cancelled and its task with it
// (cancelled: the operator stopped the work; a new task can be assigned), in one transaction. The
// agent learns it on its next heartbeat (continue: false), and any later step or ending is a 409.
import { prisma } from "../db";
import { moveTask } from "../tasks";
import { requireOpenRun } from "./append-steps";
import { lockRun } from "./lock-run";
import type { TRun } from "./schemas";
import { recordRunEnd } from "./record-run-end";
import { RUN_MACHINE } from "./status-machine";

export const cancelRun = (runId: string, userId: string): Promise<TRun> =>
  prisma.$transaction(async (tx) => {
    const now = new Date();
    const run = await lockRun(tx, runId);
    requireOpenRun(run, "cannot be cancelled");
    await RUN_MACHINE.move(runId, run.status, "cancelled", () =>
      tx.agentRun.updateMany({ where: { id: runId, status: run.status }, data: { status: "cancelled", finishedAt: now, cancelledById: userId } }),
    );
    // Like every ending: approvals closed, figures measured again (the open-run load drops now, not
    // at the next sweep), the run read back. The operator ended it, so the agent's presence stays.
    const cancelled = await recordRunEnd(tx, { id: runId, agentId: run.agentId }, "cancelled", now, { byAgent: false });
    const task = await tx.task.findUniqueOrThrow({ where: { id: run.taskId }, select: { status: true, entityType: true, entityId: true } });
    await moveTask(tx, run.taskId, { type: task.entityType, id: task.entityId }, {
      byRun: true,
      from: task.status,
      to: "cancelled",
      now,
      events: [{ type: "run.cancelled", entityId: runId, data: { run: cancelled } }],
    });
    return cancelled;
  });

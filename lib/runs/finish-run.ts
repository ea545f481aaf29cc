// A run ends by its agent (docs/agents-at-work.md, "Runs"): completed with a result, or failed with an
// error. In one transaction the run ends, the agent's figures are measured again, and its task moves
// with it (completed or failed, by the outcome rule), its taskMetrics filled from the run:
// actualDuration its wall time in hours, actualCost the sum of its costs, resourceUsage its tokens.
import { AppError } from "../core/errors";
import { prisma, Prisma } from "../db";
import { moveTask } from "../tasks";
import { requireOpenRun } from "./append-steps";
import { lockRun } from "./lock-run";
import type { TRun } from "./schemas";
import { recordRunEnd } from "./record-run-end";
import { RUN_MACHINE } from "./status-machine";

type Usage = { tokens?: number; cost?: number };

export type RunEnding =
  | { status: "completed"; summary: string; data?: Record<string, unknown>; usage?: Usage }
  | { status: "failed"; errorClass: string; message: string; usage?: Usage };

const HOUR_MS = 3_600_000;

export const finishRun = (runId: string, agentId: string, ending: RunEnding): Promise<TRun> =>
  prisma.$transaction(async (tx) => {
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    requireOpenRun(run, ending.status === "completed" ? "cannot complete" : "cannot fail");
    if (ending.status === "completed" && run.status === "awaiting_approval") {
      throw new AppError("conflict", `Run '${runId}' awaits a decision on its approval request; it completes once that is decided (or it may fail).`);
    }
    const tokens = run.tokens + (ending.usage?.tokens ?? 0);
    const cost = run.cost + (ending.usage?.cost ?? 0);
    await RUN_MACHINE.move(runId, run.status, ending.status, () =>
      tx.agentRun.updateMany({
        where: { id: runId, status: run.status },
        data: {
          status: ending.status,
          finishedAt: now,
          tokens,
          cost,
          lastHeartbeatAt: now,
          ...(ending.status === "completed"
            ? { resultSummary: ending.summary, resultData: ending.data === undefined ? Prisma.DbNull : (ending.data as Prisma.InputJsonValue) }
            : { errorClass: ending.errorClass, errorMessage: ending.message }),
        },
      }),
    );
    const finished = await recordRunEnd(tx, { id: runId, agentId }, ending.status, now, { byAgent: true });
    const task = await tx.task.findUniqueOrThrow({ where: { id: run.taskId }, select: { status: true, entityType: true, entityId: true } });
    await moveTask(tx, run.taskId, { type: task.entityType, id: task.entityId }, {
      byRun: true,
      from: task.status,
      to: ending.status,
      now,
      result: ending.status === "completed" ? { summary: ending.summary, ...(ending.data ? { data: ending.data } : {}) } : { summary: `${ending.errorClass}: ${ending.message}` },
      metrics: { actualDuration: Math.round(((now.getTime() - run.claimedAt.getTime()) / HOUR_MS) * 1e6) / 1e6, actualCost: cost, resourceUsage: tokens },
      events: [{ type: ending.status === "completed" ? "run.completed" : "run.failed", entityId: runId, data: { run: finished } }],
    });
    return finished;
  });

// A run that ends without finishing its task (lost by the sweep, or handed back by its agent) offers the
// task again (docs/agents-at-work.md, "Runs"): it goes back to assigned, to be claimed again, unless it
// has had RUN_MAX_ATTEMPTS runs, when it fails. Inside the caller's transaction, with the run's event.
import type { Prisma } from "../db";
import { moveTask } from "../tasks";
import { runsConfig } from "./config";
import type { TRun } from "./schemas";

export const offerTaskAgain = async (tx: Prisma.TransactionClient, run: TRun, event: "run.lost" | "run.released", now: Date) => {
  const config = runsConfig();
  const task = await tx.task.findUniqueOrThrow({ where: { id: run.taskId }, select: { status: true, entityType: true, entityId: true } });
  const [{ attempts }] = await tx.$queryRaw<{ attempts: number }[]>`SELECT count(*)::int AS attempts FROM "AgentRun" WHERE "taskId" = ${run.taskId}`;
  const lastAttempt = attempts >= config.RUN_MAX_ATTEMPTS;
  const why = event === "run.lost" ? `Lost ${attempts} times: no agent finished it within its lease` : `Ended unfinished ${attempts} times (lost or handed back)`;
  await moveTask(tx, run.taskId, { type: task.entityType, id: task.entityId }, {
    byRun: true,
    from: task.status,
    to: lastAttempt ? "failed" : "assigned",
    now,
    ...(lastAttempt ? { result: { summary: `${why} (RUN_MAX_ATTEMPTS ${config.RUN_MAX_ATTEMPTS}).` } } : {}),
    events: [{ type: event, entityId: run.id, data: { run } }],
  });
};

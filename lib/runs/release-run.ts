// An agent hands its run back (docs/agents-at-work.md, "Runs"): it is shutting down, or the task is not
// for it after all. The run ends released, at once rather than when its lease runs out, and its task is
// offered again (or fails after the last attempt). A hand-back is no error of the agent's: like an
// operator's cancel, it does not count in its completion or error rates. One transaction.
import { prisma } from "../db";
import { runsConfig } from "./config";
import { requireOpenRun } from "./append-steps";
import { expireApprovals } from "./expire-approvals";
import { lockRun } from "./lock-run";
import { measureAgents } from "./measure-agents";
import { offerTaskAgain } from "./offer-task";
import type { TRun } from "./schemas";
import { RUN_COLUMNS, toRun } from "./shape";
import { RUN_MACHINE } from "./status-machine";
import { touchPresence } from "./touch-presence";
import { wakeClaims } from "./watch-claimable";

export const RELEASED_ERROR_CLASS = "HandedBack";

export const releaseRun = async (runId: string, agentId: string, reason: string | undefined): Promise<TRun> => {
  const released = await prisma.$transaction(async (tx) => {
    const config = runsConfig();
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    requireOpenRun(run, "cannot be handed back");
    await RUN_MACHINE.move(runId, run.status, "released", () =>
      tx.agentRun.updateMany({
        where: { id: runId, status: run.status },
        data: { status: "released", finishedAt: now, lastHeartbeatAt: now, errorClass: RELEASED_ERROR_CLASS, errorMessage: reason ?? "The agent handed the task back." },
      }),
    );
    await expireApprovals(tx, runId, "released", now);
    await touchPresence(tx, agentId, now, config.RUN_LEASE_SECONDS * 1_000);
    await measureAgents(tx, [agentId], now, config.AGENT_METRICS_WINDOW_DAYS);
    const ended = toRun(await tx.agentRun.findUniqueOrThrow({ where: { id: runId }, select: RUN_COLUMNS }));
    await offerTaskAgain(tx, ended, "run.released", now);
    return ended;
  });
  wakeClaims();
  return released;
};

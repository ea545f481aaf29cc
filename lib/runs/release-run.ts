// An agent hands its run back (docs/agents-at-work.md, "Runs"): it is shutting down, or the task is not
// for it after all. The run ends released, at once rather than when its lease runs out, and its task is
// offered again (or fails after the last attempt). A hand-back is no error of the agent's: like an
// operator's cancel, it does not count in its completion or error rates. One transaction.
import { prisma } from "../db";
import { requireOpenRun } from "./append-steps";
import { lockRun } from "./lock-run";
import { offerTaskAgain } from "./offer-task";
import { recordRunEnd } from "./record-run-end";
import type { TRun } from "./schemas";
import { RUN_MACHINE } from "./status-machine";
import { wakeClaims } from "./watch-claimable";

const RELEASED_ERROR_CLASS = "HandedBack";

export const releaseRun = async (runId: string, agentId: string, reason: string | undefined): Promise<TRun> => {
  const released = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    requireOpenRun(run, "cannot be handed back");
    await RUN_MACHINE.move(runId, run.status, "released", () =>
      tx.agentRun.updateMany({
        where: { id: runId, status: run.status },
        data: { status: "released", finishedAt: now, lastHeartbeatAt: now, errorClass: RELEASED_ERROR_CLASS, errorMessage: reason ?? "The agent handed the task back." },
      }),
    );
    const ended = await recordRunEnd(tx, { id: runId, agentId }, "released", now, { byAgent: true });
    await offerTaskAgain(tx, ended, "run.released", now);
    return ended;
  });
  wakeClaims();
  return released;
};

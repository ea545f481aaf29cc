// The lost-run sweep (job kind "runs.lost-sweep", recurring; docs/agents-at-work.md, "Runs"): a run
// still open past its lease is lost. Its task goes back to assigned, to be claimed again, unless it
// has had RUN_MAX_ATTEMPTS runs: then it fails. Each lost run is one transaction (the run, the
// agent's measured figures, the task's move and their events); a sweep takes at most BATCH of them
// at a time, skipping runs another sweep or a heartbeat holds, until none is left. A hosted run
// (lib/engines) keeps its lease by its job's steps; while it awaits a person's approval no job works
// it, so it is not lost then: the decision resumes it.
import { prisma } from "../db";
import { defineJobKind } from "../jobs";
import { wakeClaims } from "./watch-claimable";
import { offerTaskAgain } from "./offer-task";
import { recordRunEnd } from "./record-run-end";
import { RUN_COLUMNS } from "./shape";

export const LOST_RUN_SWEEP_KIND = "runs.lost-sweep";
/** How often the sweep runs: a run is found lost within about this long of its lease's end. */
export const LOST_RUN_SWEEP_EVERY_MS = 10_000;
const BATCH = 100;

/** Marks one run lost if it still is past its lease at `now`; its id when it did. */
const loseRun = (runId: string, now: Date) =>
  prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "AgentRun" WHERE id = ${runId} AND (status = 'running' OR (status = 'awaiting_approval' AND "engineId" IS NULL)) AND "leaseExpiresAt" < ${now}
      FOR UPDATE SKIP LOCKED`;
    if (!locked) return null;
    const run = await tx.agentRun.update({
      where: { id: runId },
      data: { status: "lost", finishedAt: now, errorClass: "LeaseExpired", errorMessage: "The agent stopped heartbeating: its lease ran out." },
      select: RUN_COLUMNS,
    });
    const lost = await recordRunEnd(tx, run, "lost", now, { byAgent: false });
    await offerTaskAgain(tx, lost, "run.lost", now);
    return runId;
  });

/** Finds the runs lost by `now` and handles each; answers their ids. */
export const sweepLostRuns = async (now: Date = new Date()): Promise<string[]> => {
  const lost: string[] = [];
  for (;;) {
    const due = await prisma.agentRun.findMany({
      where: { OR: [{ status: "running" }, { status: "awaiting_approval", engineId: null }], leaseExpiresAt: { lt: now }, id: { notIn: lost } },
      select: { id: true },
      orderBy: { leaseExpiresAt: "asc" },
      take: BATCH,
    });
    if (due.length === 0) break;
    let handled = 0;
    for (const { id } of due) {
      if (await loseRun(id, now)) handled += 1;
      lost.push(id);
    }
    if (handled === 0 && due.length < BATCH) break;
  }
  if (lost.length > 0) wakeClaims();
  return lost;
};

export const lostRunSweepJob = defineJobKind<Record<string, never>, { lost: number }>({
  kind: LOST_RUN_SWEEP_KIND,
  schedule: { everyMs: LOST_RUN_SWEEP_EVERY_MS },
  run: async () => ({ lost: (await sweepLostRuns()).length }),
});

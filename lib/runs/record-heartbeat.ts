// A heartbeat (docs/agents-at-work.md, "Runs"): the agent says it is still at work; an open run's
// lease is extended. The answer says whether to go on (an operator's cancel, a lost lease or a
// finished run: stop) and carries the run's latest approval request with its decision once made.
import { prisma } from "../db";
import { runsConfig } from "./config";
import { lockRun } from "./lock-run";
import type { THeartbeat } from "./schemas";
import { APPROVAL_COLUMNS, toApproval } from "./shape";
import { OPEN_RUN_STATUSES } from "./status-machine";
import { touchPresence } from "./touch-presence";

export const recordHeartbeat = (runId: string, agentId: string): Promise<THeartbeat> =>
  prisma.$transaction(async (tx) => {
    const config = runsConfig();
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    const open = (OPEN_RUN_STATUSES as readonly string[]).includes(run.status);
    let leaseExpiresAt = run.leaseExpiresAt;
    if (open) {
      leaseExpiresAt = new Date(now.getTime() + config.RUN_LEASE_SECONDS * 1_000);
      await tx.agentRun.update({ where: { id: runId }, data: { leaseExpiresAt, lastHeartbeatAt: now } });
    }
    await touchPresence(tx, agentId, now, config.RUN_LEASE_SECONDS * 1_000);
    const latest = await tx.runApproval.findFirst({ where: { runId }, orderBy: [{ requestedAt: "desc" }, { id: "desc" }], select: APPROVAL_COLUMNS });
    return { status: run.status, continue: open, leaseExpiresAt: leaseExpiresAt.toISOString(), approval: latest ? toApproval(latest) : null };
  });

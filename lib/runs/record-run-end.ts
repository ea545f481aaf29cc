// What every ending of a run does after its status moved, in the ending's transaction: its pending
// approvals close as not decided, the agent's presence is extended when the agent itself ended it,
// its figures are measured again, and the run is read back as answered.
import type { Prisma } from "../db";
import { runsConfig } from "./config";
import { expireApprovals } from "./expire-approvals";
import { measureAgents } from "./measure-agents";
import type { TRun } from "./schemas";
import { RUN_COLUMNS, toRun } from "./shape";
import { touchPresence } from "./touch-presence";

export const recordRunEnd = async (
  tx: Prisma.TransactionClient,
  run: { id: string; agentId: string },
  ending: string,
  now: Date,
  { byAgent }: { byAgent: boolean },
): Promise<TRun> => {
  const config = runsConfig();
  await expireApprovals(tx, run.id, ending, now);
  if (byAgent) await touchPresence(tx, run.agentId, now, config.RUN_LEASE_SECONDS * 1_000);
  await measureAgents(tx, [run.agentId], now, config.AGENT_METRICS_WINDOW_DAYS);
  return toRun(await tx.agentRun.findUniqueOrThrow({ where: { id: run.id }, select: RUN_COLUMNS }));
};

// What every move of a run starts with: the run's row, locked until the transaction ends.
import { notFound } from "../core/errors";
import type { Prisma } from "../db";
import { RUN_COLUMNS, type RunRow } from "./shape";

/**
 * Locks run `runId` and answers its row. With `agentId` (an agent's credential) another agent's run
 * is answered as not found, as is a run that does not exist.
 */
export const lockRun = async (tx: Prisma.TransactionClient, runId: string, agentId?: string): Promise<RunRow> => {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "AgentRun" WHERE id = ${runId} FOR UPDATE`;
  const row = locked ? await tx.agentRun.findUnique({ where: { id: runId }, select: RUN_COLUMNS }) : null;
  if (!row || (agentId !== undefined && row.agentId !== agentId)) throw notFound("Run", runId);
  return row;
};

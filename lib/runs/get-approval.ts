// One approval request, with its decision once made.
import { notFound } from "../core/errors";
import { prisma } from "../db";
import type { TApproval } from "./schemas";
import { APPROVAL_COLUMNS, toApproval } from "./shape";

/** One approval; with `agentId` (an agent's credential) only one of that agent's runs. */
export const getApproval = async (approvalId: string, agentId?: string): Promise<TApproval> => {
  const row = await prisma.runApproval.findUnique({ where: { id: approvalId }, select: APPROVAL_COLUMNS });
  if (!row || (agentId !== undefined && row.run.agentId !== agentId)) throw notFound("Approval", approvalId);
  return toApproval(row);
};

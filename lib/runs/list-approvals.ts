// The approvals inbox (docs/agents-at-work.md, "Approvals"): requests by status (pending: waiting for
// an operator) and agent, ordered by id (approval ids sort by the time of the request).
import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../core/paging";
import type { TApproval, TApprovalListQuery } from "./schemas";
import { APPROVAL_COLUMNS, toApproval } from "./shape";

export const listApprovals = async (query: TApprovalListQuery): Promise<Page<TApproval>> => {
  const where: Prisma.RunApprovalWhereInput = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.agentId ? { run: { agentId: query.agentId } } : {}),
  };
  const [rows, total] = await Promise.all([prisma.runApproval.findMany({ where, ...pageArgs(query), select: APPROVAL_COLUMNS }), prisma.runApproval.count({ where })]);
  const page = toPage(rows, total, query.limit);
  return { ...page, items: page.items.map(toApproval) };
};

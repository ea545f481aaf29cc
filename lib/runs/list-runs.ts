// The run list (docs/agents-at-work.md, "Reading runs"): filtered by agent, squad (its members'
// runs), task and status, ordered by id (run ids sort by the time of their claim), with the total.
import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../core/paging";
import type { TRun, TRunListQuery } from "./schemas";
import { RUN_COLUMNS, toRun } from "./shape";

export const listRuns = async (query: TRunListQuery): Promise<Page<TRun>> => {
  const where: Prisma.AgentRunWhereInput = {
    ...(query.agentId ? { agentId: query.agentId } : {}),
    ...(query.squadId ? { agent: { squads: { some: { squadId: query.squadId } } } } : {}),
    ...(query.taskId ? { taskId: query.taskId } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const [rows, total] = await Promise.all([prisma.agentRun.findMany({ where, ...pageArgs(query), select: RUN_COLUMNS }), prisma.agentRun.count({ where })]);
  const page = toPage(rows, total, query.limit);
  return { ...page, items: page.items.map(toRun) };
};

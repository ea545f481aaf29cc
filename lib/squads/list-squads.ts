import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../http/paging";
import { aggregateMetrics } from "./aggregate";
import type { TSquadListQuery, TSquadSummary } from "./schemas";

export const squadSearch = (q: string | undefined): Prisma.SquadWhereInput =>
  q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { id: { contains: q, mode: "insensitive" } }] } : {};

/** One page of squad summaries with their metrics: squads, memberships, agents and the count (four queries). */
export const listSquads = async (query: TSquadListQuery): Promise<Page<TSquadSummary>> => {
  const where = squadSearch(query.q);
  const [rows, total] = await Promise.all([
    prisma.squad.findMany({
      where,
      ...pageArgs(query),
      select: {
        id: true,
        name: true,
        members: { select: { agent: { select: { experiencePoints: true, uptime: true, completionRate: true } } } },
      },
    }),
    prisma.squad.count({ where }),
  ]);
  const summaries = rows.map((row) => ({
    id: row.id,
    name: row.name,
    agentCount: row.members.length,
    aggregatedMetrics: aggregateMetrics(row.members.map((member) => member.agent)),
  }));
  return toPage(summaries, total, query.limit);
};

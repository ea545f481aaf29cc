import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../http/paging";
import { aggregateMetrics, uniqueById } from "../squads/aggregate";
import type { TSyndicateListQuery, TSyndicateSummary } from "./schemas";

const search = (q: string | undefined): Prisma.SyndicateWhereInput =>
  q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { id: { contains: q, mode: "insensitive" } }] } : {};

/** One page of syndicate summaries with their metrics (a fixed number of queries per page). */
export const listSyndicates = async (query: TSyndicateListQuery): Promise<Page<TSyndicateSummary>> => {
  const where = search(query.q);
  const [rows, total] = await Promise.all([
    prisma.syndicate.findMany({
      where,
      ...pageArgs(query),
      select: {
        id: true,
        name: true,
        squads: {
          select: {
            squad: {
              select: { members: { select: { agent: { select: { id: true, experiencePoints: true, uptime: true, completionRate: true } } } } },
            },
          },
        },
      },
    }),
    prisma.syndicate.count({ where }),
  ]);
  const summaries = rows.map((row) => {
    const agents = uniqueById(row.squads.flatMap((link) => link.squad.members.map((member) => member.agent)));
    return {
      id: row.id,
      name: row.name,
      squadCount: row.squads.length,
      agentCount: agents.length,
      aggregatedSyndicateMetrics: aggregateMetrics(agents),
    };
  });
  return toPage(summaries, total, query.limit);
};

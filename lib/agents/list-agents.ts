import { prisma, type Prisma } from "../db";
import { nameOrIdContains } from "../core/search";
import { pageArgs, toPage, type Page } from "../core/paging";
import type { TAgentListQuery, TAgentSummary } from "./schemas";

const whereOf = (query: Omit<TAgentListQuery, "limit" | "cursor">): Prisma.AgentWhereInput => ({
  ...nameOrIdContains(query.q),
  ...(query.specialization ? { specialization: { equals: query.specialization, mode: "insensitive" } } : {}),
  ...(query.role ? { roles: { some: { roleName: { equals: query.role, mode: "insensitive" } } } } : {}),
});

/** One page of agent summaries, ordered by id: the page, its first roles and the count (three queries). */
export const listAgents = async (query: TAgentListQuery): Promise<Page<TAgentSummary>> => {
  const where = whereOf(query);
  const [rows, total] = await Promise.all([
    prisma.agent.findMany({
      where,
      ...pageArgs(query),
      select: {
        id: true,
        name: true,
        completionRate: true,
        specialization: true,
        roles: { where: { position: 0 }, select: { roleName: true } },
      },
    }),
    prisma.agent.count({ where }),
  ]);
  const summaries = rows.map((row) => ({
    id: row.id,
    name: row.name,
    currentRole: row.roles[0]?.roleName ?? row.specialization,
    completionRate: row.completionRate,
    specialization: row.specialization,
  }));
  return toPage(summaries, total, query.limit);
};

/** The values the list can be filtered by: every specialization and every roleName in use. */
export const listAgentFacets = async (): Promise<{ specializations: string[]; roles: string[] }> => {
  const [specializations, roles] = await Promise.all([
    prisma.agent.groupBy({ by: ["specialization"], orderBy: { specialization: "asc" } }),
    prisma.agentRole.groupBy({ by: ["roleName"], orderBy: { roleName: "asc" } }),
  ]);
  return { specializations: specializations.map((row) => row.specialization), roles: roles.map((row) => row.roleName) };
};

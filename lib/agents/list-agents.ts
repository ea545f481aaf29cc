import { getDb, prisma } from "../db";
import type { Page } from "../core/paging";
import { pageOfRow, type ListPageRow } from "../core/list-sql";
import { agentPageSql, type AgentListFields } from "./list-sql";
import type { TAgentListQuery, TAgentSummary } from "./schemas";

/**
 * One page of agent summaries, by id or by ?sort= (ties by id): the page with each agent's first
 * role and the total, in one statement (lib/agents/list-sql.ts).
 */
export const listAgents = async (query: TAgentListQuery): Promise<Page<TAgentSummary>> => {
  const statement = agentPageSql(query);
  const [row] = await getDb().sql.query<ListPageRow>(statement.text, statement.values);
  return pageOfRow(row, query, (fields): TAgentSummary => {
    const [id, name, currentRole, completionRate, specialization] = fields as AgentListFields;
    return { id, name, currentRole, completionRate, specialization };
  });
};

/** The values the list can be filtered by: every specialization and every roleName in use. */
export const listAgentFacets = async (): Promise<{ specializations: string[]; roles: string[] }> => {
  const [specializations, roles] = await Promise.all([
    prisma.agent.groupBy({ by: ["specialization"], orderBy: { specialization: "asc" } }),
    prisma.agentRole.groupBy({ by: ["roleName"], orderBy: { roleName: "asc" } }),
  ]);
  return { specializations: specializations.map((row) => row.specialization), roles: roles.map((row) => row.roleName) };
};

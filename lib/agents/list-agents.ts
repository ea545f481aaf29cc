import { getDb, prisma } from "../db";
import { encodeCursor, type Page } from "../core/paging";
import { agentCountSql, agentPageSql, type AgentListRow } from "./list-sql";
import type { TAgentListQuery, TAgentSummary } from "./schemas";

/**
 * One page of agent summaries, by id or by ?sort= (ties by id): the page with each agent's first
 * role, and the count, two statements side by side (lib/agents/list-sql.ts).
 */
export const listAgents = async (query: TAgentListQuery): Promise<Page<TAgentSummary>> => {
  const { sql } = getDb();
  const page = agentPageSql(query);
  const count = agentCountSql(query);
  const [rows, [{ total }]] = await Promise.all([
    sql.query<AgentListRow>(page.text, page.values),
    sql.query<{ total: number }>(count.text, count.values),
  ]);
  const items = rows.slice(0, query.limit).map(
    (row): TAgentSummary => ({
      id: row.id,
      name: row.name,
      currentRole: row.currentRole,
      completionRate: row.completionRate,
      specialization: row.specialization,
    }),
  );
  const last = rows[query.limit - 1];
  // The next cursor as toPage writes it: the last row's id and, for a sorted list, the sort and its value.
  const nextCursor =
    rows.length > query.limit ? encodeCursor(query.sort ? { id: last.id, s: query.sort.text, v: last.sortValue } : { id: last.id }) : undefined;
  return { items, total, nextCursor };
};

/** The values the list can be filtered by: every specialization and every roleName in use. */
export const listAgentFacets = async (): Promise<{ specializations: string[]; roles: string[] }> => {
  const [specializations, roles] = await Promise.all([
    prisma.agent.groupBy({ by: ["specialization"], orderBy: { specialization: "asc" } }),
    prisma.agentRole.groupBy({ by: ["roleName"], orderBy: { roleName: "asc" } }),
  ]);
  return { specializations: specializations.map((row) => row.specialization), roles: roles.map((row) => row.roleName) };
};

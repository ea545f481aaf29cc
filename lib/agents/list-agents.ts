import { prisma, read, readStatement, type AgentListItem } from "../db";
import type { Page } from "../core/paging";
import { filterText, pageOf, pageParams, type ListPageRow, type PageParams } from "../core/list-page";
import type { TAgentListQuery, TAgentSummary } from "./schemas";

/** A row of the page: the summary's fields, as the "AgentListItem" view has them. */
type AgentListFields = [
  id: AgentListItem["id"],
  name: AgentListItem["name"],
  currentRole: AgentListItem["currentRole"],
  completionRate: AgentListItem["completionRate"],
  specialization: AgentListItem["specialization"],
];

/** The page parameters (lib/core/list-page.ts), then ?q=, ?specialization= and ?role= as LIKE patterns of themselves, or null. */
type AgentListParams = [...PageParams, q: string | null, specialization: string | null, role: string | null];

/**
 * GET /api/agents: one page of agents and the total, in one statement over the "AgentListItem"
 * view. The filters are Prisma's case-insensitive `contains` and `equals` (ILIKE); a filter whose
 * parameter is null is no filter. The sort column (AGENT_SORT's columns) becomes one of three
 * typed keys, the others null; with the parameters planned as the values they are, PostgreSQL
 * drops what they switch off, so each page is planned as the plain query for its sort and filters
 * (the index on id or name serves as before). The total without filters is the table's row count
 * (RowCount, kept by triggers: docs/database.md). The bench's bare peers send this same statement.
 */
export const LIST_AGENTS = readStatement<AgentListParams, ListPageRow<AgentListFields>>("list-agents", `
WITH filtered AS NOT MATERIALIZED (
  SELECT v.id, v.name, v."currentRole", v."completionRate", v.specialization,
    CASE $1::text WHEN 'id' THEN v.id WHEN 'name' THEN v.name WHEN 'specialization' THEN v.specialization END AS "textKey",
    CASE $1::text WHEN 'completionRate' THEN v."completionRate" END AS "numberKey",
    CASE $1::text WHEN 'createdAt' THEN v."createdAt" WHEN 'updatedAt' THEN v."updatedAt" END AS "timeKey"
  FROM "AgentListItem" v
  WHERE ($8::text IS NULL OR v.name ILIKE '%' || $8 || '%' OR v.id ILIKE '%' || $8 || '%')
    AND ($9::text IS NULL OR v.specialization ILIKE $9)
    AND ($10::text IS NULL OR EXISTS (SELECT 1 FROM "AgentRole" r WHERE r."agentId" = v.id AND r."roleName" ILIKE $10))
),
page AS (
  SELECT * FROM filtered f
  WHERE $3::text IS NULL OR CASE
    WHEN $1 IS NULL THEN f.id > $3
    WHEN $1 = 'id' THEN CASE WHEN $2::boolean THEN f.id < $3 ELSE f.id > $3 END
    WHEN $2 THEN f."textKey" < $4::text OR f."numberKey" < $5::float8 OR f."timeKey" < $6::timestamp
      OR ((f."textKey" = $4 OR f."numberKey" = $5 OR f."timeKey" = $6) AND f.id > $3)
    ELSE f."textKey" > $4 OR f."numberKey" > $5 OR f."timeKey" > $6
      OR ((f."textKey" = $4 OR f."numberKey" = $5 OR f."timeKey" = $6) AND f.id > $3)
  END
  ORDER BY
    CASE WHEN NOT $2 THEN f."textKey" END, CASE WHEN $2 THEN f."textKey" END DESC,
    CASE WHEN NOT $2 THEN f."numberKey" END, CASE WHEN $2 THEN f."numberKey" END DESC,
    CASE WHEN NOT $2 THEN f."timeKey" END, CASE WHEN $2 THEN f."timeKey" END DESC,
    f.id
  LIMIT $7
)
SELECT
  (SELECT coalesce(json_agg(json_build_array(p.id, p.name, p."currentRole", p."completionRate", p.specialization,
      coalesce(to_json(p."textKey"), to_json(p."numberKey"), to_json(to_char(p."timeKey", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))), '[]')
    FROM page p) AS page,
  CASE WHEN $8::text IS NULL AND $9::text IS NULL AND $10::text IS NULL
    THEN coalesce((SELECT "rows"::int FROM "RowCount" WHERE "name" = 'Agent'), (SELECT count(*)::int FROM "Agent"))
    ELSE (SELECT count(*)::int FROM filtered)
  END AS total`);

/** The statement's parameters for a list query. */
export const listAgentsParams = (query: TAgentListQuery): AgentListParams => [
  ...pageParams(query),
  filterText(query.q),
  filterText(query.specialization),
  filterText(query.role),
];

export const toSummary = ([id, name, currentRole, completionRate, specialization]: AgentListFields): TAgentSummary => ({
  id,
  name,
  currentRole,
  completionRate,
  specialization,
});

/** One page of agent summaries, by id or by ?sort= (ties by id), filtered, with the total: one statement. */
export const listAgents = async (query: TAgentListQuery): Promise<Page<TAgentSummary>> => {
  const [row] = await read(LIST_AGENTS, listAgentsParams(query));
  return pageOf(row, query, toSummary);
};

/** The values the list can be filtered by: every specialization and every roleName in use. */
export const listAgentFacets = async (): Promise<{ specializations: string[]; roles: string[] }> => {
  const [specializations, roles] = await Promise.all([
    prisma.agent.groupBy({ by: ["specialization"], orderBy: { specialization: "asc" } }),
    prisma.agentRole.groupBy({ by: ["roleName"], orderBy: { roleName: "asc" } }),
  ]);
  return { specializations: specializations.map((row) => row.specialization), roles: roles.map((row) => row.roleName) };
};

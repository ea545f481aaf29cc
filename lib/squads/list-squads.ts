import { read, readStatement, type SquadListItem } from "../db";
import type { Page } from "../core/paging";
import { filterText, pageOf, pageParams, type ListPageRow, type PageParams } from "../core/list-page";
import { aggregateMetrics, membersMetrics, type MemberMetrics } from "../groups";
import type { TSquadListQuery, TSquadSummary } from "./schemas";

/** A row of the page: the squad's id and name and its members' [experiencePoints, uptime, completionRate], as the "SquadListItem" view has them. */
type SquadListFields = [id: SquadListItem["id"], name: SquadListItem["name"], memberMetrics: MemberMetrics[]];

/** The page parameters (lib/core/list-page.ts), then ?q= as a LIKE pattern of itself, or null. */
type SquadListParams = [...PageParams, q: string | null];

/**
 * GET /api/squads: one page of squads and the total, in one statement over the "SquadListItem"
 * view; the page part reads as in lib/agents/list-agents.ts (GROUP_SORT's columns as typed keys,
 * no number column). ?q= is Prisma's case-insensitive `contains` (ILIKE) on name or id.
 */
export const LIST_SQUADS = readStatement<SquadListParams, ListPageRow<SquadListFields>>("list-squads", `
WITH filtered AS NOT MATERIALIZED (
  SELECT v.id, v.name, v."memberMetrics",
    CASE $1::text WHEN 'id' THEN v.id WHEN 'name' THEN v.name END AS "textKey",
    CAST(NULL AS float8) AS "numberKey",
    CASE $1::text WHEN 'createdAt' THEN v."createdAt" WHEN 'updatedAt' THEN v."updatedAt" END AS "timeKey"
  FROM "SquadListItem" v
  WHERE $8::text IS NULL OR v.name ILIKE '%' || $8 || '%' OR v.id ILIKE '%' || $8 || '%'
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
  (SELECT coalesce(json_agg(json_build_array(p.id, p.name, p."memberMetrics",
      coalesce(to_json(p."textKey"), to_json(p."numberKey"), to_json(to_char(p."timeKey", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))), '[]')
    FROM page p) AS page,
  CASE WHEN $8::text IS NULL
    THEN coalesce((SELECT "rows"::int FROM "RowCount" WHERE "name" = 'Squad'), (SELECT count(*)::int FROM "Squad"))
    ELSE (SELECT count(*)::int FROM filtered)
  END AS total`);

const toSummary = ([id, name, memberMetrics]: SquadListFields): TSquadSummary => ({
  id,
  name,
  agentCount: memberMetrics.length,
  aggregatedMetrics: aggregateMetrics(membersMetrics(memberMetrics)),
});

/** One page of squad summaries with their metrics, by id or by ?sort= (ties by id), searched by ?q=, with the total: one statement. */
export const listSquads = async (query: TSquadListQuery): Promise<Page<TSquadSummary>> => {
  const [row] = await read(LIST_SQUADS, [...pageParams(query), filterText(query.q)]);
  return pageOf(row, query, toSummary);
};

import { read, readStatement, type SyndicateListItem } from "../db";
import type { Page } from "../core/paging";
import { filterText, pageOf, pageParams, type ListPageRow, type PageParams } from "../core/list-page";
import { aggregateMetrics, membersMetrics, type MemberMetrics } from "../groups";
import type { TSyndicateListQuery, TSyndicateSummary } from "./schemas";

/**
 * A row of the page: the syndicate's id, name and squad count, and its agents'
 * [experiencePoints, uptime, completionRate], each agent once, as the "SyndicateListItem" view has them.
 */
type SyndicateListFields = [id: SyndicateListItem["id"], name: SyndicateListItem["name"], squadCount: SyndicateListItem["squadCount"], agentMetrics: MemberMetrics[]];

/** The page parameters (lib/core/list-page.ts), then ?q= as a LIKE pattern of itself, or null. */
type SyndicateListParams = [...PageParams, q: string | null];

/**
 * GET /api/syndicates: one page of syndicates and the total, in one statement over the
 * "SyndicateListItem" view; the page part reads as in lib/agents/list-agents.ts (GROUP_SORT's
 * columns as typed keys, no number column). ?q= is Prisma's case-insensitive `contains` (ILIKE) on
 * name or id.
 */
export const LIST_SYNDICATES = readStatement<SyndicateListParams, ListPageRow<SyndicateListFields>>("list-syndicates", `
WITH filtered AS NOT MATERIALIZED (
  SELECT v.id, v.name, v."squadCount", v."agentMetrics",
    CASE $1::text WHEN 'id' THEN v.id WHEN 'name' THEN v.name END AS "textKey",
    CAST(NULL AS float8) AS "numberKey",
    CASE $1::text WHEN 'createdAt' THEN v."createdAt" WHEN 'updatedAt' THEN v."updatedAt" END AS "timeKey"
  FROM "SyndicateListItem" v
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
  (SELECT coalesce(json_agg(json_build_array(p.id, p.name, p."squadCount", p."agentMetrics",
      coalesce(to_json(p."textKey"), to_json(p."numberKey"), to_json(to_char(p."timeKey", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))), '[]')
    FROM page p) AS page,
  CASE WHEN $8::text IS NULL
    THEN coalesce((SELECT "rows"::int FROM "RowCount" WHERE "name" = 'Syndicate'), (SELECT count(*)::int FROM "Syndicate"))
    ELSE (SELECT count(*)::int FROM filtered)
  END AS total`);

const toSummary = ([id, name, squadCount, agentMetrics]: SyndicateListFields): TSyndicateSummary => {
  const metrics = membersMetrics(agentMetrics);
  return {
    id,
    name,
    squadCount,
    agentCount: metrics.length,
    aggregatedSyndicateMetrics: aggregateMetrics(metrics),
  };
};

/** One page of syndicate summaries with their metrics, by id or by ?sort= (ties by id), searched by ?q=, with the total: one statement. */
export const listSyndicates = async (query: TSyndicateListQuery): Promise<Page<TSyndicateSummary>> => {
  const [row] = await read(LIST_SYNDICATES, [...pageParams(query), filterText(query.q)]);
  return pageOf(row, query, toSummary);
};

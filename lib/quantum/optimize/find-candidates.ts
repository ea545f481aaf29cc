// The optimizer's default pool, chosen in the database without loading every agent: the agents
// outside the squad ranked by a stand-in for the model's inputs (the reliability and delivery
// scores an agent alone would have, plus its experience), the best DEFAULT_POOL of them, and the
// best ROLE_POOL holders of each core or required role (so a missing role can be filled). One query.
import { prisma } from "../../db";
import { CORE_ROLES } from "../analyses/rules/scores";

export const DEFAULT_POOL = 40;
export const ROLE_POOL = 5;

/**
 * Ids of the default candidates for a squad, best first. The SQL ranking follows the model's
 * score formulas (analyses/rules/scores.ts: failure score 1 − log10(1 + 0.99·f)/2, delivery 0.7·completion +
 * 0.3·speed, experience XP/(XP + 20,000), in float8: XP + 20,000 overflows an integer near its
 * largest value); it only pre-filters, the search scores with the model.
 */
export const defaultCandidateIds = async (squadId: string, requiredRoles: readonly string[]): Promise<string[]> => {
  const roles = [...new Set([...CORE_ROLES, ...requiredRoles])];
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    WITH scored AS (
      SELECT a."id",
        CASE WHEN a."uptime" <> 0 OR a."completionRate" <> 0 OR a."averageResponseTime" <> 0 OR a."errorRate" <> 0 THEN
          0.4 * (0.5 * (1 - log(1 + 0.99 * LEAST(100, GREATEST(0, 100 - a."uptime"))) / 2)
               + 0.5 * (1 - log(1 + 0.99 * LEAST(100, GREATEST(0, a."errorRate"))) / 2))
          + 0.35 * (0.7 * LEAST(1, GREATEST(0, a."completionRate" / 100)) + 0.3 * 1000 / (1000 + GREATEST(0, a."averageResponseTime")))
        ELSE 0 END
        + 0.1 * GREATEST(0, a."experiencePoints")::float8 / (GREATEST(0, a."experiencePoints")::float8 + 20000) AS promise
      FROM "Agent" a
      WHERE NOT EXISTS (SELECT 1 FROM "SquadMember" m WHERE m."squadId" = ${squadId} AND m."agentId" = a."id")
    ),
    best AS (SELECT "id", promise FROM scored ORDER BY promise DESC, "id" LIMIT ${DEFAULT_POOL}),
    by_role AS (
      SELECT "id", promise FROM (
        SELECT s."id", s.promise, ROW_NUMBER() OVER (PARTITION BY r."roleName" ORDER BY s.promise DESC, s."id") AS place
        FROM scored s
        JOIN (SELECT DISTINCT "agentId", "roleName" FROM "AgentRole" WHERE "roleName" = ANY(${roles}::text[])) r ON r."agentId" = s."id"
      ) ranked
      WHERE place <= ${ROLE_POOL}
    )
    SELECT "id" FROM (SELECT "id", promise FROM best UNION SELECT "id", promise FROM by_role) pool ORDER BY promise DESC, "id"`;
  return rows.map((row) => row.id);
};

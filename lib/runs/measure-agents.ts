// Measured metrics (docs/agents-at-work.md, "Measured metrics"): for an agent that has connected, its
// performance figures are computed from its runs and live stretches over the rolling window
// (AGENT_METRICS_WINDOW_DAYS, from its first connection when that is later), in percent as every
// figure of the API, the response time in milliseconds:
// - uptime: the share of the window with the agent live (its stretches);
// - completionRate: completed ÷ finished runs (completed, failed, lost; a cancel is the operator's);
// - averageResponseTime: the mean time from a task becoming claimable to the agent's claim;
// - errorRate: failed and lost ÷ finished runs.
// Without a finished run in the window, the rates are 0. One statement for any number of agents.
import { Prisma } from "../db";

/** Measures `agentIds` (those that have connected; the others keep their reported figures) at `now`. */
export const measureAgents = async (tx: Prisma.TransactionClient, agentIds: string[], now: Date, windowDays: number): Promise<void> => {
  if (agentIds.length === 0) return;
  const windowStart = new Date(now.getTime() - windowDays * 86_400_000);
  await tx.$executeRaw`
    WITH w AS (
      SELECT a.id, GREATEST(a."firstConnectedAt", ${windowStart}::timestamp(3)) AS since
      FROM "Agent" a WHERE a.id IN (${Prisma.join(agentIds)}) AND a."firstConnectedAt" IS NOT NULL
    ), live AS (
      -- (PostgreSQL's LEAST and GREATEST skip NULLs: the row of an agent without stretches is left out.)
      SELECT w.id, coalesce(sum(GREATEST(0, extract(epoch FROM (LEAST(p."endedAt", ${now}::timestamp(3)) - GREATEST(p."startedAt", w.since)))))
        FILTER (WHERE p.id IS NOT NULL), 0) AS seconds
      FROM w LEFT JOIN "AgentPresence" p ON p."agentId" = w.id AND p."endedAt" > w.since
      GROUP BY w.id
    ), finished AS (
      SELECT w.id,
        count(r.id) FILTER (WHERE r.status = 'completed') AS completed,
        count(r.id) FILTER (WHERE r.status IN ('failed', 'lost')) AS errors,
        count(r.id) AS total
      FROM w LEFT JOIN "AgentRun" r ON r."agentId" = w.id AND r.status IN ('completed', 'failed', 'lost') AND r."finishedAt" >= w.since
      GROUP BY w.id
    ), response AS (
      SELECT w.id, avg(extract(epoch FROM (r."claimedAt" - r."claimableAt")) * 1000) AS ms
      FROM w LEFT JOIN "AgentRun" r ON r."agentId" = w.id AND r."claimedAt" >= w.since
      GROUP BY w.id
    )
    UPDATE "Agent" a SET
      uptime = round(LEAST(100, 100 * live.seconds / GREATEST(extract(epoch FROM (${now}::timestamp(3) - w.since)), 1))::numeric, 2)::float8,
      "completionRate" = CASE WHEN finished.total = 0 THEN 0 ELSE round((100.0 * finished.completed / finished.total)::numeric, 2)::float8 END,
      "errorRate" = CASE WHEN finished.total = 0 THEN 0 ELSE round((100.0 * finished.errors / finished.total)::numeric, 2)::float8 END,
      "averageResponseTime" = round(GREATEST(coalesce(response.ms, 0), 0)::numeric, 0)::float8,
      "updatedAt" = ${now}
    FROM w JOIN live ON live.id = w.id JOIN finished ON finished.id = w.id JOIN response ON response.id = w.id
    WHERE a.id = w.id`;
};

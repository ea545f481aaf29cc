// The measured-metrics sweep (job kind "runs.agent-metrics-sweep", recurring; docs/agents-at-work.md,
// "Measured metrics"): a connected agent's uptime changes with time alone, so every few minutes the
// figures of every measured agent are computed again (in batches, one statement each), and an agent
// whose latest history point is a day old gains one (its tasks completed so far and its experience).
// Runs update their agent's figures at once; this keeps the rest current. It records no events.
import { prisma, Prisma } from "../db";
import { defineJobKind } from "../jobs";
import { runsConfig } from "./config";
import { measureAgents } from "./measure-agents";

export const AGENT_METRICS_SWEEP_KIND = "runs.agent-metrics-sweep";
export const AGENT_METRICS_SWEEP_EVERY_MS = 5 * 60_000;
const BATCH = 500;
const DAY_MS = 86_400_000;

/** Measures every connected agent at `now` and adds the day's history points; answers how many agents. */
export const sweepAgentMetrics = async (now: Date = new Date()): Promise<number> => {
  const config = runsConfig();
  let after = "";
  let measured = 0;
  for (;;) {
    const batch = await prisma.agent.findMany({ where: { firstConnectedAt: { not: null }, id: { gt: after } }, select: { id: true }, orderBy: { id: "asc" }, take: BATCH });
    if (batch.length === 0) return measured;
    const ids = batch.map((agent) => agent.id);
    const dayAgo = new Date(now.getTime() - DAY_MS);
    await prisma.$transaction(async (tx) => {
      await measureAgents(tx, ids, now, config.AGENT_METRICS_WINDOW_DAYS);
      await tx.$executeRaw`
        INSERT INTO "AgentHistoryPoint" (id, "agentId", timestamp, "tasksCompleted", "experiencePoints")
        SELECT 'hp_' || replace(gen_random_uuid()::text, '-', ''), a.id, ${now}::timestamp(3), coalesce(last."tasksCompleted", 0), a."experiencePoints"
        FROM "Agent" a
        LEFT JOIN LATERAL (
          SELECT h."tasksCompleted", h.timestamp FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id ORDER BY h.timestamp DESC, h.id DESC LIMIT 1
        ) last ON true
        WHERE a.id IN (${Prisma.join(ids)}) AND (last.timestamp IS NULL OR last.timestamp <= ${dayAgo}::timestamp(3))`;
    });
    measured += ids.length;
    after = ids[ids.length - 1];
  }
};

export const agentMetricsSweepJob = defineJobKind<Record<string, never>, { measured: number }>({
  kind: AGENT_METRICS_SWEEP_KIND,
  schedule: { everyMs: AGENT_METRICS_SWEEP_EVERY_MS },
  run: async () => ({ measured: await sweepAgentMetrics() }),
});

// The dispatch of hosted work (docs/agents.md, "The hosted loop"), a job kind: queued by the
// events that can make work claimable (./queue-hosted-work.ts), and every minute as a safety
// net. For each hosted agent — one whose aiEngine names a configured engine — with room (fewer open
// runs than HOSTED_RUNS_PER_AGENT), it claims work the way a connected agent's claim does (the same
// routing, exclusive across instances) and queues a job per claimed run.
import { prisma } from "../db";
import { defineJobKind, enqueueJobs } from "../jobs";
import { claimHostedTask } from "../runs";
import { enginesConfig } from "./config";
import { DISPATCH_KIND, hostedRunJobInput } from "./queue-hosted-work";

/** Hosted agents one pass looks at. */
const AGENTS_PER_PASS = 500;

/** Claims what hosted agents may work now; answers the runs it started. */
export const dispatchHostedWork = async (): Promise<string[]> => {
  const room = enginesConfig().HOSTED_RUNS_PER_AGENT;
  const agents = await prisma.$queryRaw<{ agentId: string; engineId: string; open: number }[]>`
    SELECT a.id AS "agentId", e.id AS "engineId",
      (SELECT count(*)::int FROM "AgentRun" r WHERE r."agentId" = a.id AND r.status IN ('running', 'awaiting_approval')) AS open
    FROM "Agent" a JOIN "Engine" e ON e.name = a."aiEngine"
    ORDER BY a.id
    LIMIT ${AGENTS_PER_PASS}`;
  const started: { runId: string; agentId: string }[] = [];
  for (const agent of agents) {
    for (let open = agent.open; open < room; open++) {
      const claim = await claimHostedTask(agent.agentId, agent.engineId);
      if (!claim) break;
      started.push({ runId: claim.run.id, agentId: agent.agentId });
    }
  }
  await enqueueJobs(started.map((run) => hostedRunJobInput(run.runId, run.agentId)));
  return started.map((run) => run.runId);
};

export const dispatchJobKind = defineJobKind<Record<string, never>, { started: number }>({
  kind: DISPATCH_KIND,
  maxAttempts: 1,
  schedule: { everyMs: 60_000 },
  run: async () => ({ started: (await dispatchHostedWork()).length }),
});

// Agents at work (docs/agents-at-work.md): a few of the seeded agents are connected, with a measured
// month behind them. The first agents (in seed order) that hold a Scout or Builder role, six at the
// default size (connectedCountFor), each get an agent credential, live stretches over the 20–30 days
// before the epoch, runs with their tasks, traces and approvals (plan-agent-work.ts), and history
// points that follow their task outcomes (plan-agent-history.ts). Their figures are then measured
// with the app's own statement (measureAgents), so they answer metricsSource "measured"; every other
// agent keeps its reported figures. No run is left open, so nothing is swept as lost at start.
import type { Prisma } from "../db";
import { AGENT_CREDENTIAL_PREFIX } from "../auth";
import { measureAgents } from "../runs";
import { ROLE_TRAITS } from "./agent-catalog";
import { planAgentHistory, type HistoryPoint } from "./plan-agent-history";
import { planAgentWork, type PlannedWork } from "./plan-agent-work";
import { ROLES_PER_AGENT, agentId, dominantRole, type SeededAgents } from "./seed-agents";
import { OPERATOR_USER_ID } from "./seed-users";
import { MINUTE, bulkInsert, bulkUpdate, type SeedContext } from "./generator/support";
import { WORK_ROLES } from "./work-catalog";

/** The window the figures are measured over: the app's default (AGENT_METRICS_WINDOW_DAYS). */
export const MEASURE_WINDOW_DAYS = 30;

/** Connected agents for a seed of `agents`: 6 at 64, gently more with size (34 at 1,000,000), at least 3. */
export const connectedCountFor = (agents: number) => Math.max(3, Math.round(6 + 2 * Math.log2(agents / 64)));

export type SeededRuns = { agents: string[]; runs: number; tasks: number };

const ROW_KEYS = ["presence", "runs", "steps", "approvals", "tasks", "changes"] as const;
type RowKey = (typeof ROW_KEYS)[number];

const WORK_ROLE_NAMES = new Set(WORK_ROLES.map((role) => role.name as string));

/** The first `count` agents with a Scout or Builder role, each with the one of the two it holds most. */
const chooseAgents = (seeded: SeededAgents, count: number) => {
  const chosen: { id: string; roleName: string }[] = [];
  for (let index = 0; index < seeded.count && chosen.length < count; index += 1) {
    const names = Array.from(seeded.roleTraits.subarray(index * ROLES_PER_AGENT, (index + 1) * ROLES_PER_AGENT), (trait) => ROLE_TRAITS[trait].name);
    const work = names.filter((name) => WORK_ROLE_NAMES.has(name));
    if (work.length > 0) chosen.push({ id: agentId(index), roleName: dominantRole(work) });
  }
  return chosen;
};

export const seedRuns = async (ctx: SeedContext, seeded: SeededAgents): Promise<SeededRuns> => {
  const rng = ctx.rng.fork("runs");
  const chosen = chooseAgents(seeded, connectedCountFor(seeded.count));
  const ids = chosen.map((agent) => agent.id);
  const roles = await ctx.db.agentRole.findMany({ where: { agentId: { in: ids } }, select: { agentId: true, roleName: true, skills: true } });
  const history = await ctx.db.agentHistoryPoint.findMany({
    where: { agentId: { in: ids } },
    select: { id: true, agentId: true, timestamp: true, tasksCompleted: true, experiencePoints: true },
    orderBy: [{ agentId: "asc" }, { timestamp: "asc" }, { id: "asc" }],
  });

  const all: Pick<PlannedWork, RowKey> = { presence: [], runs: [], steps: [], approvals: [], tasks: [], changes: [] };
  const credentials: Prisma.AgentCredentialCreateManyInput[] = [];
  const points: Prisma.AgentHistoryPointCreateManyInput[] = [];
  const pointUpdates: { id: string; tasksCompleted: number; experiencePoints: number }[] = [];
  const agents: { id: string; firstConnectedAt: Date; experiencePoints: number }[] = [];
  for (const { id, roleName } of chosen) {
    const stream = rng.fork(id);
    const role = WORK_ROLES.find((candidate) => candidate.name === roleName)!;
    const skills = [...new Set(roles.filter((row) => row.agentId === id && row.roleName === roleName).flatMap((row) => row.skills))];
    const work = planAgentWork(stream, { id, role, skills, approverId: OPERATOR_USER_ID }, ctx.epoch);
    for (const key of ROW_KEYS) (all[key] as object[]).push(...work[key]);
    // The credential it connects with, issued shortly before. Its stored hash is no SHA-256 of
    // anything (not 64 hex digits), so no secret opens it: the demo's credentials are for show.
    const credentialId = `acr_${stream.hex(24)}`;
    credentials.push({
      id: credentialId,
      agentId: id,
      name: `${role.name.toLowerCase()}-worker`,
      prefix: `${AGENT_CREDENTIAL_PREFIX}${stream.hex(6)}`,
      secretHash: `seeded-${credentialId}`,
      createdById: OPERATOR_USER_ID,
      createdAt: new Date(work.firstConnectedAt.getTime() - stream.int(5, 48 * 60) * MINUTE),
      lastUsedAt: work.lastContactAt,
      revokedAt: null,
    });
    const own: HistoryPoint[] = history.filter((point) => point.agentId === id);
    const planned = planAgentHistory(id, own, work.outcomes, work.firstConnectedAt, ctx.epoch);
    points.push(...planned.points);
    pointUpdates.push(...planned.updates);
    agents.push({ id, firstConnectedAt: work.firstConnectedAt, experiencePoints: planned.experiencePoints });
  }

  // Parents before children: credentials, tasks and their moves, runs, then what hangs off runs.
  await bulkInsert(ctx.db, "AgentCredential", credentials);
  await bulkInsert(ctx.db, "Task", all.tasks);
  await bulkInsert(ctx.db, "TaskStatusChange", all.changes);
  await bulkInsert(ctx.db, "AgentRun", all.runs);
  await bulkInsert(ctx.db, "RunStep", all.steps);
  await bulkInsert(ctx.db, "RunApproval", all.approvals);
  await bulkInsert(ctx.db, "AgentPresence", all.presence);
  await bulkInsert(ctx.db, "AgentHistoryPoint", points);
  await bulkUpdate(ctx.db, "AgentHistoryPoint", pointUpdates);
  await bulkUpdate(ctx.db, "Agent", agents);
  await measureAgents(ctx.db, ids, ctx.epoch, MEASURE_WINDOW_DAYS);
  return { agents: ids, runs: all.runs.length, tasks: all.tasks.length };
};

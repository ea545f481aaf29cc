// Claiming work (docs/agents-at-work.md, "Runs" and "Routing"): an agent asks for a task it may work;
// when there is none yet it waits (a long poll, up to 30 s) and looks again when the watcher sees
// work assigned to it (./watch-claimable.ts), or after RUN_CLAIM_RECHECK_MS at the latest. The claim
// itself is one transaction: of the candidate tasks, the first one the routing rule gives this agent
// and no other claim holds is locked (SKIP LOCKED) and, still assigned, moves to in_progress, and
// the run starts with its lease. Exclusive across instances by the row locks and the status check
// of the move.
import { randomBytes } from "node:crypto";
import { prisma, Prisma } from "../db";
import { notFound } from "../core/errors";
import { moveTask } from "../tasks";
import { CLAIM_WAIT_MAX_SECONDS, runsConfig } from "./config";
import { measureAgents } from "./measure-agents";
import { mayClaim, type AgentFit, type Offer } from "./rules/routing";
import type { TClaim } from "./schemas";
import { RUN_COLUMNS, toRun } from "./shape";
import { touchPresence } from "./touch-presence";
import { isDraining, waitForWork, watchFromNow } from "./watch-claimable";

/** Candidate tasks one claim looks at (the oldest claimable first). */
const CANDIDATES = 50;

type CandidateRow = Offer & { entityId: string };

/** Run ids sort by time of claim (lists are ordered by id): the time in base 36, then randomness. */
const newRunId = () => `run_${Date.now().toString(36).padStart(9, "0")}${randomBytes(6).toString("hex")}`;

/** The agents a group task is for, with what routing needs to know of them, in one statement. */
const membersOf = async (tx: Prisma.TransactionClient, groups: { type: string; id: string }[], now: Date, leaseMs: number): Promise<Map<string, AgentFit[]>> => {
  const squads = groups.filter((group) => group.type === "Squad").map((group) => group.id);
  const syndicates = groups.filter((group) => group.type === "Syndicate").map((group) => group.id);
  if (squads.length === 0 && syndicates.length === 0) return new Map();
  const live = new Date(now.getTime() - leaseMs);
  const rows = await tx.$queryRaw<{ groupKey: string; agentId: string; specialization: string; roles: { roleName: string; skills: string[] }[]; load: number; live: boolean }[]>`
    WITH membership AS (
      SELECT 'Squad:' || m."squadId" AS "groupKey", m."agentId" FROM "SquadMember" m WHERE m."squadId" IN (${squads.length ? Prisma.join(squads) : Prisma.sql`NULL`})
      UNION
      SELECT 'Syndicate:' || l."syndicateId", m."agentId" FROM "SyndicateSquad" l JOIN "SquadMember" m ON m."squadId" = l."squadId"
      WHERE l."syndicateId" IN (${syndicates.length ? Prisma.join(syndicates) : Prisma.sql`NULL`})
    )
    SELECT ms."groupKey", a.id AS "agentId", a.specialization,
      coalesce((SELECT json_agg(json_build_object('roleName', r."roleName", 'skills', r.skills) ORDER BY r.position) FROM "AgentRole" r WHERE r."agentId" = a.id), '[]') AS roles,
      (SELECT count(*)::int FROM "AgentRun" o WHERE o."agentId" = a.id AND o.status IN ('running', 'awaiting_approval')) AS load,
      EXISTS (SELECT 1 FROM "AgentPresence" p WHERE p."agentId" = a.id AND p."endedAt" >= ${live}) AS live
    FROM membership ms JOIN "Agent" a ON a.id = ms."agentId"`;
  const byGroup = new Map<string, AgentFit[]>();
  for (const row of rows) {
    const list = byGroup.get(row.groupKey) ?? [];
    list.push({ agentId: row.agentId, specialization: row.specialization, roles: row.roles, load: row.load, live: row.live });
    byGroup.set(row.groupKey, list);
  }
  return byGroup;
};

/** One attempt: the run this agent starts now, or null when nothing is claimable for it. */
const tryClaim = (agentId: string, now: Date, engineId: string | null = null) =>
  prisma.$transaction(async (tx) => {
    const config = runsConfig();
    const leaseMs = config.RUN_LEASE_SECONDS * 1_000;
    const candidates = await tx.$queryRaw<CandidateRow[]>`
      SELECT t.id AS "taskId", t."entityType"::text AS "entityType", t."entityId", t."requiredRole", t."requiredSkills",
        coalesce((SELECT max(c."changedAt") FROM "TaskStatusChange" c WHERE c."taskId" = t.id AND c."toStatus" = 'assigned'), t."createdAt") AS "claimableAt"
      FROM "Task" t
      WHERE t.status = 'assigned' AND (
        (t."entityType" = 'Agent' AND t."entityId" = ${agentId})
        OR (t."entityType" = 'Squad' AND t."entityId" IN (SELECT m."squadId" FROM "SquadMember" m WHERE m."agentId" = ${agentId}))
        OR (t."entityType" = 'Syndicate' AND t."entityId" IN (
          SELECT l."syndicateId" FROM "SyndicateSquad" l JOIN "SquadMember" m ON m."squadId" = l."squadId" WHERE m."agentId" = ${agentId})))
      ORDER BY "claimableAt", t.id
      LIMIT ${CANDIDATES}`;
    if (candidates.length === 0) return null;
    const groups = candidates.filter((task) => task.entityType !== "Agent").map((task) => ({ type: task.entityType, id: task.entityId }));
    const members = await membersOf(tx, groups, now, leaseMs);
    const self = candidates.some((task) => task.entityType === "Agent")
      ? (await membersOfAgent(tx, agentId))
      : undefined;
    const eligible = candidates.filter((task) =>
      mayClaim(agentId, task, task.entityType === "Agent" ? (self ? [self] : []) : members.get(`${task.entityType}:${task.entityId}`) ?? [], now, config.RUN_OFFER_PREFERENCE_SECONDS * 1_000),
    );
    // Only a task this agent may take is locked (SKIP LOCKED: another claim of it skips it) and
    // checked still assigned. Locking every candidate first made an agent's claim of tasks it
    // cannot take hide them from a concurrent claim by one that can, which then found nothing.
    if (eligible.length === 0) return null;
    const ids = eligible.map((task) => task.taskId);
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Task" WHERE id = ANY(${ids}::text[]) AND status = 'assigned'
      ORDER BY array_position(${ids}::text[], id) LIMIT 1
      FOR UPDATE SKIP LOCKED`;
    const chosen = locked && eligible.find((task) => task.taskId === locked.id);
    if (!chosen) return null;
    const [{ attempts }] = await tx.$queryRaw<{ attempts: number }[]>`SELECT count(*)::int AS attempts FROM "AgentRun" WHERE "taskId" = ${chosen.taskId}`;
    const run = await tx.agentRun.create({
      data: {
        id: newRunId(),
        taskId: chosen.taskId,
        agentId,
        attempt: attempts + 1,
        status: "running",
        claimableAt: chosen.claimableAt,
        claimedAt: now,
        leaseExpiresAt: new Date(now.getTime() + leaseMs),
        lastHeartbeatAt: now,
        engineId,
      },
      select: RUN_COLUMNS,
    });
    await touchPresence(tx, agentId, now, leaseMs);
    await measureAgents(tx, [agentId], now, config.AGENT_METRICS_WINDOW_DAYS);
    const started = toRun(run);
    const { task } = await moveTask(tx, chosen.taskId, { type: chosen.entityType, id: chosen.entityId }, {
      byRun: true,
      from: "assigned",
      to: "in_progress",
      now,
      events: [{ type: "run.started", entityId: run.id, data: { run: started } }],
    });
    return { run: started, task, leaseSeconds: config.RUN_LEASE_SECONDS, heartbeatSeconds: Math.max(1, Math.floor(config.RUN_LEASE_SECONDS / 3)) } satisfies TClaim;
  });

/** The agent itself as routing sees it (for a task assigned to it). */
const membersOfAgent = async (tx: Prisma.TransactionClient, agentId: string): Promise<AgentFit | undefined> => {
  const [row] = await tx.$queryRaw<{ specialization: string; roles: AgentFit["roles"] }[]>`
    SELECT a.specialization,
      coalesce((SELECT json_agg(json_build_object('roleName', r."roleName", 'skills', r.skills) ORDER BY r.position) FROM "AgentRole" r WHERE r."agentId" = a.id), '[]') AS roles
    FROM "Agent" a WHERE a.id = ${agentId}`;
  return row && { agentId, specialization: row.specialization, roles: row.roles, load: 0, live: true };
};

/**
 * A hosted agent's next task, claimed at once for its engine (no wait), or null when none is
 * claimable for it. The run's lease is then kept by the job that works it (lib/engines).
 */
export const claimHostedTask = (agentId: string, engineId: string): Promise<TClaim | null> => tryClaim(agentId, new Date(), engineId);

/**
 * The agent's next task and its new run, waiting up to `waitSeconds` for one; null when none came.
 * The contact counts toward the agent's uptime (and makes its figures measured from now on).
 */
export const claimTask = async (agentId: string, waitSeconds: number, signal?: AbortSignal): Promise<TClaim | null> => {
  const config = runsConfig();
  const wait = Math.min(Math.max(waitSeconds, 0), CLAIM_WAIT_MAX_SECONDS) * 1_000;
  const deadline = Date.now() + wait;
  const contact = () =>
    prisma.$transaction(async (tx) => {
      const [agent] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Agent" WHERE id = ${agentId}`;
      if (!agent) throw notFound("Agent", agentId);
      await touchPresence(tx, agentId, new Date(), config.RUN_LEASE_SECONDS * 1_000);
    });
  await contact();
  if (wait > 0) await watchFromNow();
  for (;;) {
    const claimed = await tryClaim(agentId, new Date());
    if (claimed) return claimed;
    const left = deadline - Date.now();
    if (left <= 0 || signal?.aborted || isDraining()) break;
    await waitForWork(agentId, Math.min(left, config.RUN_CLAIM_RECHECK_MS), signal);
  }
  if (wait > 0) await contact();
  return null;
};

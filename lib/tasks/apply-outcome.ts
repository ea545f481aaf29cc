// Outcomes feed back (docs/marketplace-deployments-tasks.md, "Outcomes"): when a task moves to
// completed or failed, the record of whoever it is assigned to moves, in the move's transaction.
// An agent whose figures are measured (it has connected: docs/agents-at-work.md) keeps its measured
// completion rate; its experience and history still move here.
// An agent moves itself; a squad moves each of its member agents; a syndicate each agent of each
// of its squads (once, however many of its squads the agent is in). Two statements whatever the
// number of agents: lock them (in id order, so concurrent outcomes never deadlock), then update
// them and add a history point to each.
import { Prisma } from "../db";
import { readAgents } from "../agents";
import type { TAgent } from "../agents/schemas";
import type { TEntityType } from "./schemas";

type Db = Prisma.TransactionClient;

/** The finished statuses that move a record, and how. */
export type Outcome = "completed" | "failed";

/** The rule's constants: the weight of one outcome in the completion rate, and the experience each outcome earns. */
export const OUTCOME_RULE = {
  /** completionRate ← completionRate + ALPHA × (target − completionRate), target 100 on completion, 0 on failure. */
  alpha: 0.1,
  experience: { completed: 100, failed: 20 },
  /** Experience points and counts stop at the largest 32-bit integer (the API's int32). */
  max: 2_147_483_647,
} as const;

/** The ids of the agents an outcome moves, as a SQL subquery (none for a marketplace item). */
const targets = (type: TEntityType, id: string): Prisma.Sql | null => {
  switch (type) {
    case "Agent":
      return Prisma.sql`SELECT a.id FROM "Agent" a WHERE a.id = ${id}`;
    case "Squad":
      return Prisma.sql`SELECT m."agentId" FROM "SquadMember" m WHERE m."squadId" = ${id}`;
    case "Syndicate":
      return Prisma.sql`SELECT m."agentId" FROM "SyndicateSquad" s JOIN "SquadMember" m ON m."squadId" = s."squadId" WHERE s."syndicateId" = ${id}`;
    case "MarketplaceItem":
      // An item's usage statistics count its use in the marketplace, not work done on it.
      return null;
  }
};

/**
 * Applies the outcome of task `taskId` (assigned to `entity`) to the agents it concerns, at `now`,
 * and answers them as the API shows them afterwards (for their agent.updated events), by id.
 */
export const applyOutcome = async (
  tx: Db,
  taskId: string,
  entity: { type: TEntityType; id: string },
  outcome: Outcome,
  now: Date,
): Promise<TAgent[]> => {
  const agents = targets(entity.type, entity.id);
  if (!agents) return [];
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Agent" WHERE id IN (${agents}) ORDER BY id FOR UPDATE`;
  if (locked.length === 0) return [];
  const target = outcome === "completed" ? 100 : 0;
  const experience = OUTCOME_RULE.experience[outcome];
  const completedOne = outcome === "completed" ? 1 : 0;
  // A statement of its own after the lock, so that it reads the history points other outcomes committed meanwhile.
  // The point is never dated before the agent's latest one (a concurrent outcome that took its time
  // earlier but committed first), so "the latest point" stays the one with the running count.
  await tx.$executeRaw`
    WITH moved AS (
      UPDATE "Agent" a
         SET "completionRate" = CASE WHEN a."firstConnectedAt" IS NULL
               THEN round((a."completionRate" + ${OUTCOME_RULE.alpha}::float8 * (${target}::float8 - a."completionRate"))::numeric, 4)::float8
               ELSE a."completionRate" END,
             "experiencePoints" = LEAST(a."experiencePoints"::bigint + ${experience}, ${OUTCOME_RULE.max})::int,
             "updatedAt" = ${now}
       WHERE a.id IN (${agents})
       RETURNING a.id, a."experiencePoints"
    )
    INSERT INTO "AgentHistoryPoint" (id, "agentId", timestamp, "tasksCompleted", "experiencePoints", "taskId")
    SELECT 'hp_' || replace(gen_random_uuid()::text, '-', ''), m.id, GREATEST(${now}::timestamp(3), last.timestamp),
           LEAST(coalesce(last."tasksCompleted", 0)::bigint + ${completedOne}, ${OUTCOME_RULE.max})::int, m."experiencePoints", ${taskId}
      FROM moved m
      LEFT JOIN LATERAL (
        SELECT h."tasksCompleted", h.timestamp FROM "AgentHistoryPoint" h WHERE h."agentId" = m.id ORDER BY h.timestamp DESC, h.id DESC LIMIT 1
      ) last ON true`;
  return readAgents(tx, locked.map((row) => row.id));
};

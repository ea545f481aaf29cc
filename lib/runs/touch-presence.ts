// An agent's live stretches (docs/agents-at-work.md, "Measured metrics"): each contact (a claim, a
// heartbeat, a step) extends the agent's latest stretch when that ended within the lease, else starts
// a new one; the first contact ever makes the agent's figures measured (firstConnectedAt).
import type { Prisma } from "../db";

/** Records a contact of `agentId` at `now` in `tx` (one lock and one statement). */
export const touchPresence = async (tx: Prisma.TransactionClient, agentId: string, now: Date, leaseMs: number): Promise<void> => {
  // Contacts of one agent one at a time, so that two at once never start two stretches.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('agent-presence'), hashtext(${agentId}))`;
  const reach = new Date(now.getTime() - leaseMs);
  await tx.$executeRaw`
    WITH latest AS (
      SELECT id FROM "AgentPresence" WHERE "agentId" = ${agentId} AND "endedAt" >= ${reach} ORDER BY "endedAt" DESC LIMIT 1
    ), extended AS (
      UPDATE "AgentPresence" p SET "endedAt" = GREATEST(p."endedAt", ${now}) FROM latest WHERE p.id = latest.id RETURNING p.id
    ), started AS (
      INSERT INTO "AgentPresence" (id, "agentId", "startedAt", "endedAt")
      SELECT 'ap_' || replace(gen_random_uuid()::text, '-', ''), ${agentId}, ${now}, ${now} WHERE NOT EXISTS (SELECT 1 FROM extended)
      RETURNING id
    )
    UPDATE "Agent" SET "firstConnectedAt" = ${now} WHERE id = ${agentId} AND "firstConnectedAt" IS NULL`;
};

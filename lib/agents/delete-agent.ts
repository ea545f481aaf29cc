import { prisma } from "../db";
import { notFound } from "../core/errors";
import { guardDeletion, recordEvent } from "../outbox";

/**
 * Deletes an agent: 404 if unknown, 409 while open tasks are assigned to it. Its squad
 * memberships, roles and history go in the same transaction, which records agent.deleted.
 */
export const deleteAgent = async (agentId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    // Locks the row, so a task cannot be assigned to it while it is being deleted; the tasks area
    // refuses while open tasks are assigned to it (its guard, registered at startup).
    if (!(await guardDeletion(tx, { type: "Agent", table: "Agent", id: agentId }))) throw notFound("Agent", agentId);
    await tx.squadMember.deleteMany({ where: { agentId } });
    await tx.agent.delete({ where: { id: agentId } });
    await recordEvent(tx, { type: "agent.deleted", entityId: agentId, data: { id: agentId } });
  });
};

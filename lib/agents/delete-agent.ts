import { prisma } from "../db";
import { notFound } from "../http/errors";
import { assertNoOpenTasks } from "./open-tasks";

/**
 * Deletes an agent: 404 if unknown, 409 while open tasks are assigned to it. Its squad
 * memberships, roles and history go in the same transaction.
 */
export const deleteAgent = async (agentId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    const existing = await tx.agent.findUnique({ where: { id: agentId }, select: { id: true } });
    if (!existing) throw notFound("Agent", agentId);
    await assertNoOpenTasks(tx, "Agent", agentId);
    await tx.squadMember.deleteMany({ where: { agentId } });
    await tx.agent.delete({ where: { id: agentId } });
  });
};

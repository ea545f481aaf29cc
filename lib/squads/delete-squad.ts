import { prisma } from "../db";
import { notFound } from "../http/errors";
import { assertNoOpenTasks } from "../agents/open-tasks";

/**
 * Deletes a squad: 404 if unknown, 409 while open tasks are assigned to it. Its memberships,
 * stacked roles and syndicate links go with it (the agents stay).
 */
export const deleteSquad = async (squadId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    const existing = await tx.squad.findUnique({ where: { id: squadId }, select: { id: true } });
    if (!existing) throw notFound("Squad", squadId);
    await assertNoOpenTasks(tx, "Squad", squadId);
    await tx.squad.delete({ where: { id: squadId } });
  });
};

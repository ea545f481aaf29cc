import { prisma } from "../db";
import { notFound } from "../http/errors";
import { guardEntityDeletion } from "../tasks/entities";

/**
 * Deletes a squad: 404 if unknown, 409 while open tasks are assigned to it. Its memberships,
 * stacked roles and syndicate links go with it (the agents stay).
 */
export const deleteSquad = async (squadId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    // Locks the row, so a task cannot be assigned to it while it is being deleted.
    if (!(await guardEntityDeletion(tx, "Squad", squadId))) throw notFound("Squad", squadId);
    await tx.squad.delete({ where: { id: squadId } });
  });
};

import { prisma } from "../db";
import { notFound } from "../http/errors";
import { guardEntityDeletion } from "../tasks/entities";

/** Deletes a syndicate (its squads stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSyndicate = async (syndicateId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    // Locks the row, so a task cannot be assigned to it while it is being deleted.
    if (!(await guardEntityDeletion(tx, "Syndicate", syndicateId))) throw notFound("Syndicate", syndicateId);
    await tx.syndicate.delete({ where: { id: syndicateId } });
  });
};

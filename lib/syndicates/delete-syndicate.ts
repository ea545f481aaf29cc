import { prisma } from "../db";
import { notFound } from "../http/errors";
import { assertNoOpenTasks } from "../agents/open-tasks";

/** Deletes a syndicate (its squads stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSyndicate = async (syndicateId: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    const existing = await tx.syndicate.findUnique({ where: { id: syndicateId }, select: { id: true } });
    if (!existing) throw notFound("Syndicate", syndicateId);
    await assertNoOpenTasks(tx, "Syndicate", syndicateId);
    await tx.syndicate.delete({ where: { id: syndicateId } });
  });
};

import { prisma } from "../db";
import { AppError, notFound } from "../http/errors";
import type { TSyndicateBody } from "./schemas";
import { writeSyndicateRows } from "./write-syndicate";

/**
 * Replaces a syndicate with the body (squads and declared stacked roles as sent; its metrics are
 * never stored). Unlike squads, an unknown id is a 404, as the contract says for endpoint 13.
 */
export const updateSyndicate = async (syndicateId: string, body: TSyndicateBody): Promise<void> => {
  if (body.id !== syndicateId) {
    throw new AppError("validation_failed", `The body's id '${body.id}' differs from the path's '${syndicateId}'.`, {
      errors: [{ path: "body.id", message: `must equal the syndicate id in the path ('${syndicateId}')` }],
    });
  }
  await prisma.$transaction(async (tx) => {
    const existing = await tx.syndicate.findUnique({ where: { id: syndicateId }, select: { id: true } });
    if (!existing) throw notFound("Syndicate", syndicateId);
    await writeSyndicateRows(tx, body, "replace");
  });
};

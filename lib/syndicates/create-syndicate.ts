import { prisma } from "../db";
import { AppError } from "../http/errors";
import type { TSyndicate, TSyndicateBody } from "./schemas";
import { SYNDICATE_INCLUDE, toSyndicateView } from "./syndicate-shape";
import { writeSyndicateRows } from "./write-syndicate";

/** Creates a syndicate of existing squads: 409 if the id exists, 422 for unknown squads. */
export const createSyndicate = async (body: TSyndicateBody): Promise<TSyndicate> => {
  const row = await prisma.$transaction(async (tx) => {
    const existing = await tx.syndicate.findUnique({ where: { id: body.id }, select: { id: true } });
    if (existing) throw new AppError("conflict", `Syndicate '${body.id}' already exists.`);
    await writeSyndicateRows(tx, body, "create");
    return tx.syndicate.findUniqueOrThrow({ where: { id: body.id }, include: SYNDICATE_INCLUDE });
  });
  return toSyndicateView(row).syndicate;
};

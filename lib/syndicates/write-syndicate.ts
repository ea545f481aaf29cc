// Writing a syndicate's rows (name, squads in order, declared stacked roles) inside a transaction.
import type { Prisma } from "../db";
import { requireExisting } from "../squads/members";
import type { TSyndicateBody } from "./schemas";

export const writeSyndicateRows = async (tx: Prisma.TransactionClient, body: TSyndicateBody, mode: "create" | "replace") => {
  const squadIds = body.squads.map((squad) => squad.id);
  await requireExisting(tx, "Squad", squadIds, "squads");
  if (mode === "create") {
    await tx.syndicate.create({ data: { id: body.id, name: body.name } });
  } else {
    await tx.syndicate.update({ where: { id: body.id }, data: { name: body.name } });
    await tx.syndicateSquad.deleteMany({ where: { syndicateId: body.id } });
    await tx.stackedRole.deleteMany({ where: { syndicateId: body.id } });
  }
  if (squadIds.length > 0) {
    await tx.syndicateSquad.createMany({ data: squadIds.map((squadId, position) => ({ syndicateId: body.id, squadId, position })) });
  }
  const stacked = body.stackedRoles ?? [];
  if (stacked.length > 0) {
    await tx.stackedRole.createMany({ data: stacked.map((role, position) => ({ syndicateId: body.id, position, ...role })) });
  }
};

import { prisma } from "../db";
import { AppError } from "../http/errors";
import { SQUAD_INCLUDE, toSquadView } from "./squad-shape";
import type { TSquad, TSquadBody } from "./schemas";
import { writeSquadRows } from "./write-squad";

/** Creates a squad with its members and declared stacked roles: 409 if the id exists, 422 for unknown agents. */
export const createSquad = async (body: TSquadBody): Promise<TSquad> => {
  const row = await prisma.$transaction(async (tx) => {
    const existing = await tx.squad.findUnique({ where: { id: body.id }, select: { id: true } });
    if (existing) throw new AppError("conflict", `Squad '${body.id}' already exists.`);
    await writeSquadRows(tx, body, "create");
    return tx.squad.findUniqueOrThrow({ where: { id: body.id }, include: SQUAD_INCLUDE });
  });
  return toSquadView(row).squad;
};

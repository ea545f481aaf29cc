import { prisma } from "../db";
import { AppError, notFound } from "../http/errors";
import type { TSquadBody } from "./schemas";
import { writeSquadRows } from "./write-squad";

/**
 * Replaces a squad with the body (members and declared stacked roles as sent; aggregated metrics
 * are never stored, always recomputed). An unknown id is a 404, as DESIGN.md §4 asks of every
 * operation (create squads with POST /api/squads).
 */
export const updateSquad = async (squadId: string, body: TSquadBody): Promise<void> => {
  if (body.id !== squadId) {
    throw new AppError("validation_failed", `The body's id '${body.id}' differs from the path's '${squadId}'.`, {
      errors: [{ path: "body.id", message: `must equal the squad id in the path ('${squadId}')` }],
    });
  }
  await prisma.$transaction(async (tx) => {
    const existing = await tx.squad.findUnique({ where: { id: squadId }, select: { id: true } });
    if (!existing) throw notFound("Squad", squadId);
    await writeSquadRows(tx, body, "replace");
  });
};

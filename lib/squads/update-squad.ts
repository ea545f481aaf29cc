import { prisma } from "../db";
import { AppError } from "../http/errors";
import type { TSquadBody } from "./schemas";
import { writeSquadRows } from "./write-squad";

/**
 * Replaces a squad with the body (members and declared stacked roles as sent; aggregated metrics
 * are never stored, always recomputed). An unknown id creates the squad (upsert): answers whether
 * it did, so that the route can say 201.
 */
export const updateSquad = async (squadId: string, body: TSquadBody): Promise<{ created: boolean }> => {
  if (body.id !== squadId) {
    throw new AppError("validation_failed", `The body's id '${body.id}' differs from the path's '${squadId}'.`, {
      errors: [{ path: "body.id", message: `must equal the squad id in the path ('${squadId}')` }],
    });
  }
  return prisma.$transaction(async (tx) => {
    const existing = await tx.squad.findUnique({ where: { id: squadId }, select: { id: true } });
    await writeSquadRows(tx, body, existing ? "replace" : "create");
    return { created: !existing };
  });
};

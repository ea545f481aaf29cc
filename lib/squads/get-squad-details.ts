import { prisma } from "../db";
import { notFound } from "../http/errors";
import { SQUAD_INCLUDE, toSquadView, type SquadView } from "./squad-shape";
import type { TSquad } from "./schemas";

/**
 * The squad with its members' data, or null. A fixed number of queries whatever the squad's
 * size: the members, their agents and their roles are each loaded with one `IN` query.
 */
export const findSquadView = async (squadId: string): Promise<SquadView | null> => {
  const row = await prisma.squad.findUnique({ where: { id: squadId }, include: SQUAD_INCLUDE });
  return row ? toSquadView(row) : null;
};

/** The contract's Squad; 404 when there is none with that id. */
export const getSquadDetails = async (squadId: string): Promise<TSquad> => {
  const view = await findSquadView(squadId);
  if (!view) throw notFound("Squad", squadId);
  return view.squad;
};

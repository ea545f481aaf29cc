import { read, readStatement, type SquadDetails, type WithDocuments } from "../db";
import { notFound } from "../core/errors";
import type { TSquad } from "./schemas";
import { toSquadView, type SquadDocument, type SquadView } from "./shape";

/** A row of the "SquadDetails" view: the squad's document (shape.ts). */
export type SquadDetailsRow = WithDocuments<Pick<SquadDetails, "squad">, { squad: SquadDocument }>;

/**
 * GET /api/squads/{squadId}/details: one squad ($1) from its read view, members and their roles
 * included. Writes read it back through the same statement; the bench's bare peers send it too.
 */
export const SQUAD_DETAILS = readStatement<[squadId: string], SquadDetailsRow>("squad-details", `SELECT squad FROM "SquadDetails" WHERE id = $1`);

/** The squad with its members' figures, or null: one statement whatever its size. */
export const findSquadView = async (squadId: string): Promise<SquadView | null> => {
  const [row] = await read(SQUAD_DETAILS, [squadId]);
  return row ? toSquadView(row.squad) : null;
};

/** The contract's Squad; 404 when there is none with that id. */
export const getSquadDetails = async (squadId: string): Promise<TSquad> => {
  const view = await findSquadView(squadId);
  if (!view) throw notFound("Squad", squadId);
  return view.squad;
};

import { deleteGroup } from "../groups";
import { SQUADS } from "./kind";

/** Deletes a squad (its agents stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSquad = (squadId: string): Promise<void> => deleteGroup(SQUADS, squadId);

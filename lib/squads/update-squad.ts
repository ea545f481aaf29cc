import { updateGroup } from "../groups";
import type { TSquadBody } from "./schemas";
import { SQUADS } from "./kind";

/** Replaces a squad: 400 if the body's id differs, 404 if unknown (create with POST /api/squads), 422 for unknown agents. */
export const updateSquad = (squadId: string, body: TSquadBody): Promise<void> => updateGroup(SQUADS, squadId, body);

import { createGroup } from "../groups";
import type { TSquad, TSquadBody } from "./schemas";
import { SQUADS } from "./kind";

/** Creates a squad with its members and declared stacked roles: 409 if the id exists, 422 for unknown agents. */
export const createSquad = async (body: TSquadBody): Promise<TSquad> => (await createGroup(SQUADS, body)).squad;

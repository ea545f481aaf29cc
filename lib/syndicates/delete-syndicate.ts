import { deleteGroup } from "../groups";
import { SYNDICATES } from "./kind";

/** Deletes a syndicate (its squads stay): 404 if unknown, 409 while open tasks are assigned to it. */
export const deleteSyndicate = (syndicateId: string): Promise<void> => deleteGroup(SYNDICATES, syndicateId);

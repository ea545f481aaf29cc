import { updateGroup } from "../groups";
import type { TSyndicateBody } from "./schemas";
import { SYNDICATES } from "./kind";

/** Replaces a syndicate: 400 if the body's id differs, 404 if unknown (create with POST /api/syndicates), 422 for unknown squads. */
export const updateSyndicate = (syndicateId: string, body: TSyndicateBody): Promise<void> => updateGroup(SYNDICATES, syndicateId, body);

import { createGroup } from "../groups";
import type { TSyndicate, TSyndicateBody } from "./schemas";
import { SYNDICATES } from "./kind";

/** Creates a syndicate of existing squads: 409 if the id exists, 422 for unknown squads. */
export const createSyndicate = async (body: TSyndicateBody): Promise<TSyndicate> => (await createGroup(SYNDICATES, body)).syndicate;

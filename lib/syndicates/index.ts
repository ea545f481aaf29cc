// The syndicates area's public surface.
export * from "./schemas";
export * from "./operations";
export { createSyndicate } from "./create-syndicate";
export { updateSyndicate } from "./update-syndicate";
export { deleteSyndicate } from "./delete-syndicate";
export { getSyndicateDetails, findSyndicateView } from "./get-syndicate-details";
export { listSyndicates } from "./list-syndicates";
export type { SyndicateView } from "./shape";

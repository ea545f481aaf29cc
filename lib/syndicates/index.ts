// The syndicates area's public surface.
export * from "./schemas";
export * from "./operations";
export { createSyndicate, updateSyndicate, deleteSyndicate, getSyndicateDetails, findSyndicateView, listSyndicates } from "./syndicates";
export type { SyndicateView } from "./syndicate-shape";

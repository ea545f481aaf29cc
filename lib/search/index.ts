// Search: one question across agents, squads, syndicates, marketplace items, deployments and tasks.
export * from "./schemas";
export * from "./operations";
export { searchRecords } from "./search-records";

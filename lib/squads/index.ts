// The squads area's public surface.
export * from "./schemas";
export * from "./operations";
export { aggregateMetrics, stackRoles, uniqueById, type AggregatedMetrics, type MetricsInput } from "./aggregate";
export { createSquad } from "./create-squad";
export { updateSquad } from "./update-squad";
export { deleteSquad } from "./delete-squad";
export { getSquadDetails, findSquadView } from "./get-squad-details";
export { listSquads } from "./list-squads";
export type { SquadView } from "./squad-shape";

// The squads area's public surface.
export * from "./schemas";
export * from "./operations";
export { createSquad, updateSquad, deleteSquad, getSquadDetails, findSquadView, listSquads } from "./squads";
export { SQUAD_INCLUDE, toSquadView, type SquadView } from "./squad-shape";
// For syndicates: a squad as SQL builds it.
export { squadJson, stackedRolesOf } from "./squad-sql";

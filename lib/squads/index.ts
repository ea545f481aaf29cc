// The squads area's public surface.
export * from "./schemas";
export * from "./operations";
export { createSquad } from "./create-squad";
export { updateSquad } from "./update-squad";
export { deleteSquad } from "./delete-squad";
export { getSquadDetails, findSquadView } from "./get-squad-details";
export { listSquads } from "./list-squads";
// For syndicates, whose details hold their squads' documents.
export { toSquadView, type SquadDocument, type SquadView } from "./shape";

// The squad composition optimizer: memberships with a lower risk by the squad model.
export * from "./schemas";
export * from "./operations";
export { optimizeSquad } from "./optimize-squad";

// API operations of the quantum area: its sub-areas' declarations, gathered here for the OpenAPI
// document (lib/http/api-document.ts takes every export of this file as one Operation).
export * from "./analyses/operations";
export * from "./circuits/operations";
export * from "./runs/operations";
export * from "./jobs/operations";
export * from "./optimize/operations";

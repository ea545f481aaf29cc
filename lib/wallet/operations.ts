// API operations of the wallet area: its sub-areas' declarations, gathered here for the OpenAPI
// document (lib/http/api-document.ts takes every export of this file as one Operation).
export * from "./metrics/operations";
export * from "./transactions/operations";
export * from "./recipient/operations";
export * from "./history/operations";
export * from "./approvals/operations";
export * from "./address-book/operations";
export * from "./links/operations";
export * from "./import/operations";
export * from "./indexing/operations";

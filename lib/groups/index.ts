// What squads and syndicates share: the kind-configured writes, metrics and schema pieces.
export * from "./schemas";
export { aggregateMetrics, membersMetrics, stackRoles, uniqueById, type AggregatedMetrics, type MemberMetrics, type MetricsInput } from "./rules";
export { createGroup, updateGroup, deleteGroup, type GroupKind, type GroupRows } from "./kind";

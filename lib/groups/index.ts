// What squads and syndicates share: the kind-configured implementation, metrics and schema pieces.
export * from "./schemas";
export { aggregateMetrics, membersMetrics, stackRoles, uniqueById, type AggregatedMetrics, type MemberMetrics, type MetricsInput } from "./aggregate";
export { createGroup, updateGroup, deleteGroup, findGroup, getGroup, listGroups, type GroupKind, type GroupRows } from "./group-kind";
export { STACKED_ROLES } from "./shape";

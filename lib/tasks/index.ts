// Tasks: assigning work to agents, squads, syndicates and marketplace items, and moving it
// through its states.
export * from "./schemas";
export * from "./operations";
export * from "./status-machine";
export { assignTask } from "./assign-task";
export { listTasks } from "./list-tasks";
export { getTask, findTask } from "./get-task";
export { findTaskDescriptions } from "./find-task-descriptions";
export { moveTaskStatus, moveTask, type MeasuredTaskMetrics } from "./move-task-status";
export { updateTask } from "./update-task";
export { deleteTask } from "./delete-task";
export { OUTCOME_RULE } from "./apply-outcome";
export { overdueSweepJob, sweepOverdueTasks, OVERDUE_SWEEP_KIND } from "./overdue-sweep";
export { getTaskBoard, type BoardColumn, type BoardTask } from "./get-task-board";
export { searchEntities, entityNames, openTasksGuard, ENTITY_LABELS } from "./find-entities";

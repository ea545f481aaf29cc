// The task state machine: pending→assigned→in_progress→completed|failed, and any status that is
// not final → cancelled. Client-safe, so forms and tests use it as is. The runs area has one move
// more, its own: a task in progress goes back to assigned when its run is lost, to be offered again
// (TASK_RUN_MACHINE; docs/agents-at-work.md). A person never makes that move.
import { defineStatusMachine } from "../core/status-machine";

export const TASK_STATUSES = ["pending", "assigned", "in_progress", "completed", "failed", "cancelled"] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const TASK_MACHINE = defineStatusMachine<TaskStatusValue>("Task", TASK_STATUSES, {
  pending: ["assigned", "cancelled"],
  assigned: ["in_progress", "cancelled"],
  in_progress: ["completed", "failed", "cancelled"],
  completed: [],
  failed: [],
  cancelled: [],
});

/** The moves runs make: the machine's, and in_progress → assigned for a lost run's task. */
export const TASK_RUN_MACHINE = defineStatusMachine<TaskStatusValue>("Task", TASK_STATUSES, {
  ...TASK_MACHINE.moves,
  in_progress: [...TASK_MACHINE.moves.in_progress, "assigned"],
});

export const { allowed: allowedTaskMoves, canMove: canMoveTask, isFinal: isFinalTaskStatus } = TASK_MACHINE;

/** Statuses a task still counts as open in (it blocks deleting what it is assigned to). */
export const OPEN_TASK_STATUSES = TASK_MACHINE.open;

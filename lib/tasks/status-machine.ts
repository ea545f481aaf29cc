// The task state machine: pending→assigned→in_progress→completed|failed, and any status that is
// not final → cancelled; a task in progress may also go back to assigned (its run was lost, and it
// is offered again: docs/agents-at-work.md). Client-safe, so forms and tests use it as is.
import { defineStatusMachine } from "../core/status-machine";

export const TASK_STATUSES = ["pending", "assigned", "in_progress", "completed", "failed", "cancelled"] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const TASK_MACHINE = defineStatusMachine<TaskStatusValue>("Task", TASK_STATUSES, {
  pending: ["assigned", "cancelled"],
  assigned: ["in_progress", "cancelled"],
  in_progress: ["completed", "failed", "cancelled", "assigned"],
  completed: [],
  failed: [],
  cancelled: [],
});

export const { allowed: allowedTaskMoves, canMove: canMoveTask, isFinal: isFinalTaskStatus } = TASK_MACHINE;

/** Statuses a task still counts as open in (it blocks deleting what it is assigned to). */
export const OPEN_TASK_STATUSES = TASK_MACHINE.open;

// The task state machine as a pure table: pending→assigned→in_progress→completed|failed, and
// any status that is not final → cancelled. No imports, so forms and tests use it as is.
export const TASK_STATUSES = ["pending", "assigned", "in_progress", "completed", "failed", "cancelled"] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const TASK_TRANSITIONS: Readonly<Record<TaskStatusValue, readonly TaskStatusValue[]>> = {
  pending: ["assigned", "cancelled"],
  assigned: ["in_progress", "cancelled"],
  in_progress: ["completed", "failed", "cancelled"],
  completed: [],
  failed: [],
  cancelled: [],
};

/** The statuses a task in `from` may move to next. */
export const allowedTaskMoves = (from: TaskStatusValue): readonly TaskStatusValue[] => TASK_TRANSITIONS[from];

export const canMoveTask = (from: TaskStatusValue, to: TaskStatusValue) => TASK_TRANSITIONS[from].includes(to);

export const isFinalTaskStatus = (status: TaskStatusValue) => TASK_TRANSITIONS[status].length === 0;

/** Statuses a task still counts as open in (it blocks deleting what it is assigned to). */
export const OPEN_TASK_STATUSES = TASK_STATUSES.filter((status) => !isFinalTaskStatus(status));

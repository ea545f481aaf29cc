import type { TTask } from "@/lib/tasks/schemas";
import { formatDate } from "@/lib/format";
import styles from "./tasks.module.css";

/**
 * When a task is due, or — while it is not final and its due date has passed (the API's `overdue`) —
 * since when it is overdue. One marker for the board, the task lists and the task page.
 */
export const DueMarker = ({ task }: { task: Pick<TTask, "dueDate" | "overdue" | "overdueSince"> }) =>
  task.overdue && task.overdueSince ? (
    <span className={styles.overdue}>overdue since {formatDate(task.overdueSince)}</span>
  ) : task.dueDate ? (
    <span>due {formatDate(task.dueDate)}</span>
  ) : null;

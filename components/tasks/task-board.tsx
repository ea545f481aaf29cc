import Link from "next/link";
import type { BoardColumn } from "@/lib/tasks";
import { isFinalTaskStatus, type TaskStatusValue } from "@/lib/tasks/status-machine";
import { COLUMN_TITLES, ENTITY_TYPE_LABELS, entityHref, formatDay, statusLabel } from "./format";
import { TaskMoveButtons } from "./task-move-buttons";
import styles from "./tasks.module.css";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** A task is overdue when it is still open and its due day has passed (UTC days, as the board shows them). */
export const isOverdue = (task: { status: TaskStatusValue; dueDate?: string }, today: string) =>
  !isFinalTaskStatus(task.status) && task.dueDate !== undefined && formatDay(task.dueDate) < today;

/**
 * A lane per status, side by side in a region that scrolls sideways (and is reachable by keyboard), so every
 * status stays visible at any width; each card carries the moves its status allows (for operators).
 */
export const TaskBoard = ({ columns, canWrite, now = new Date() }: { columns: BoardColumn[]; canWrite: boolean; now?: Date }) => {
  const today = now.toISOString().slice(0, 10);
  return (
  <ScrollRegion label="Task board" className={styles.board}>
    {columns.map((column) => (
      <section key={column.status} className={styles.column} aria-labelledby={`column-${column.status}`} data-status={column.status}>
        <h2 id={`column-${column.status}`}>
          <span>{COLUMN_TITLES[column.status]}</span>
          <span className={`badge badge-${column.status}`} aria-label={`${column.total} tasks`}>
            {column.total}
          </span>
        </h2>
        {column.tasks.length === 0 ? <p className="muted">No tasks.</p> : null}
        <ul className={styles.cards} aria-label={`${COLUMN_TITLES[column.status]} tasks`}>
          {column.tasks.map((task) => (
            <li key={task.id} className={styles.card} data-task-id={task.id}>
              <p>
                <strong>{task.description}</strong>
              </p>
              <div className={styles.meta}>
                <code>{task.id}</code>
                {task.metadata.priority ? <span className="badge">{task.metadata.priority}</span> : null}
                {task.dueDate ? (
                  isOverdue(task, today) ? (
                    <span className={styles.overdue}>overdue since {formatDay(task.dueDate)}</span>
                  ) : (
                    <span>due {formatDay(task.dueDate)}</span>
                  )
                ) : null}
              </div>
              {task.assignedEntity ? (
                <p className={styles.meta}>
                  {ENTITY_TYPE_LABELS[task.assignedEntity.type]}:{" "}
                  {task.entityName ? (
                    <Link href={entityHref(task.assignedEntity.type, task.assignedEntity.id)}>{task.entityName}</Link>
                  ) : (
                    <span>{task.assignedEntity.id} (removed)</span>
                  )}
                </p>
              ) : (
                <p className={styles.meta}>Unassigned</p>
              )}
              {canWrite ? <TaskMoveButtons id={task.id} status={task.status} description={task.description} /> : null}
            </li>
          ))}
        </ul>
        {column.total > column.tasks.length ? (
          <p className="muted">
            and {column.total - column.tasks.length} more {statusLabel(column.status)}
          </p>
        ) : null}
      </section>
    ))}
  </ScrollRegion>
  );
};

import Link from "next/link";
import type { BoardColumn } from "@/lib/tasks";
import { COLUMN_TITLES, ENTITY_TYPE_LABELS, entityHref, formatDay, statusLabel } from "./format";
import { TaskMoveButtons } from "./task-move-buttons";
import styles from "./tasks.module.css";

/** A column per status; each card carries the moves its status allows (for operators). */
export const TaskBoard = ({ columns, canWrite }: { columns: BoardColumn[]; canWrite: boolean }) => (
  <div className={styles.board}>
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
                {task.dueDate ? <span>due {formatDay(task.dueDate)}</span> : null}
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
  </div>
);

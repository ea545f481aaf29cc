import Link from "next/link";
import type { BoardColumn } from "@/lib/tasks";
import { formatStatus } from "@/lib/format";
import { COLUMN_TITLES, ENTITY_TYPE_LABELS, entityHref } from "./labels";
import { DueMarker } from "./due-marker";
import { taskHref } from "./task-href";
import { TaskActionsMenu } from "./task-actions-menu";
import { BoardCard, BoardLane, TaskBoardDnd } from "./task-board-dnd";
import styles from "./tasks.module.css";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * A lane per status, side by side in a region that scrolls sideways (and is reachable by keyboard), so every
 * status stays visible at any width; each lane scrolls its own cards. A card is compact: its description,
 * a line of facts and, for operators, a drag handle and a "Move" menu (the plain fallback to dragging).
 * `highlight`: a task just assigned, marked and scrolled into view.
 */
export const TaskBoard = ({ columns, canWrite, highlight }: { columns: BoardColumn[]; canWrite: boolean; highlight?: string }) => {
  if (columns.every((column) => column.total === 0)) {
    return (
      <EmptyState title="No tasks to show">
        None match these filters, or none have been assigned yet.
      </EmptyState>
    );
  }
  return (
    <TaskBoardDnd enabled={canWrite}>
    <ScrollRegion label="Task board" className={styles.board}>
      {columns.map((column) => (
        <BoardLane key={column.status} status={column.status} className={styles.column} labelledBy={`column-${column.status}`}>
          <h2 id={`column-${column.status}`}>
            <span>{COLUMN_TITLES[column.status]}</span>
            <span className={`badge badge-${column.status}`} aria-label={`${column.total} tasks`}>
              {column.total}
            </span>
          </h2>
          {column.tasks.length === 0 ? <p className="muted">No tasks.</p> : null}
          <ul className={styles.cards} aria-label={`${COLUMN_TITLES[column.status]} tasks`}>
            {column.tasks.map((task) => (
              <BoardCard
                key={task.id}
                task={{ id: task.id, status: task.status, description: task.description }}
                className={styles.card}
                highlight={task.id === highlight}
                actions={canWrite ? <TaskActionsMenu id={task.id} status={task.status} description={task.description} /> : null}
              >
                <p className={styles.title}>
                  <Link href={taskHref(task.id)} title={task.id}>
                    {task.description}
                  </Link>
                </p>
                <div className={styles.meta}>
                  {task.metadata.priority ? <span className="badge">{task.metadata.priority}</span> : null}
                  {task.assignedEntity ? (
                    <span>
                      {ENTITY_TYPE_LABELS[task.assignedEntity.type]}:{" "}
                      {task.entityName ? (
                        <Link href={entityHref(task.assignedEntity.type, task.assignedEntity.id)}>{task.entityName}</Link>
                      ) : (
                        <span>{task.assignedEntity.id} (removed)</span>
                      )}
                    </span>
                  ) : (
                    <span>Unassigned</span>
                  )}
                  <DueMarker task={task} />
                </div>
              </BoardCard>
            ))}
          </ul>
          {column.total > column.tasks.length ? (
            <p className="muted">
              and {column.total - column.tasks.length} more {formatStatus(column.status)}
            </p>
          ) : null}
        </BoardLane>
      ))}
    </ScrollRegion>
    </TaskBoardDnd>
  );
};

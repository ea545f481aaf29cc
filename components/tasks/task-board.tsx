import Link from "next/link";
import type { BoardColumn } from "@/lib/tasks";
import { formatStatus } from "@/lib/format";
import { COLUMN_TITLES, ENTITY_TYPE_LABELS, entityHref } from "./labels";
import { DueMarker } from "./due-marker";
import { taskHref } from "./task-href";
import { TaskMoveButtons } from "./task-move-buttons";
import { BoardCard, BoardLane, TaskBoardDnd } from "./task-board-dnd";
import styles from "./tasks.module.css";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * A lane per status, side by side in a region that scrolls sideways (and is reachable by keyboard), so every
 * status stays visible at any width. Operators move a card by dragging it (mouse, touch or keyboard) to a lane
 * its status may move to, or with the buttons on the card, which stay as the plain fallback.
 */
export const TaskBoard = ({ columns, canWrite }: { columns: BoardColumn[]; canWrite: boolean }) => {
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
              <BoardCard key={task.id} task={{ id: task.id, status: task.status, description: task.description }} className={styles.card}>
                <p>
                  <strong>
                    <Link href={taskHref(task.id)}>{task.description}</Link>
                  </strong>
                </p>
                <div className={styles.meta}>
                  <code>{task.id}</code>
                  {task.metadata.priority ? <span className="badge">{task.metadata.priority}</span> : null}
                  <DueMarker task={task} />
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

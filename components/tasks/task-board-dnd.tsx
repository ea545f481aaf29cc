"use client";

import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { allowedTaskMoves, canMoveTask, type TaskStatusValue } from "@/lib/tasks/status-machine";
import { ConfirmDialog } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import { COLUMN_TITLES, FINAL_MOVE_CONFIRMS } from "./labels";
import { useMoveAnyTask } from "./use-tasks";
import styles from "./tasks.module.css";

type DragTask = { id: string; status: TaskStatusValue; description: string };
type BoardDrag = { enabled: boolean; dragging: DragTask | null; movingId: string | null };

const BoardDragContext = createContext<BoardDrag>({ enabled: false, dragging: null, movingId: null });

const taskOf = (data: unknown) => (data as { current?: { task?: DragTask } } | undefined)?.current?.task;
const laneOf = (id: unknown) => (typeof id === "string" && id in COLUMN_TITLES ? (id as TaskStatusValue) : undefined);
const title = (task: DragTask) => `“${task.description}”`;

/**
 * Left and right jump to the next lane that takes the card (disabled lanes — illegal moves — are skipped,
 * as they are not offered); up and down do nothing. The card keeps its height, and lanes are as tall as
 * the tallest, so it always overlaps the lane it is moved over.
 */
const laneCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) {
    event.preventDefault();
    return currentCoordinates;
  }
  if (event.code !== KeyboardCode.Left && event.code !== KeyboardCode.Right) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  const direction = event.code === KeyboardCode.Right ? 1 : -1;
  const centre = collisionRect.left + collisionRect.width / 2;
  const next = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [rect] : [];
    })
    .filter((rect) => (rect.left + rect.width / 2 - centre) * direction > 1)
    .sort((a, b) => (a.left - b.left) * direction)[0];
  if (!next) return currentCoordinates;
  return { x: next.left + (next.width - collisionRect.width) / 2, y: currentCoordinates.y };
};

const instructions: ScreenReaderInstructions = {
  draggable:
    "To move this task, press Space to pick it up. Use the left and right arrow keys to choose a lane; only the lanes its status can move to are offered. Press Space again to drop it there, or Escape to cancel.",
};

const legalLanes = (task: DragTask) => `It can move to ${allowedTaskMoves(task.status).map((to) => COLUMN_TITLES[to]).join(", ")}.`;

const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const task = taskOf(active.data);
    return task ? `Picked up ${title(task)} from ${COLUMN_TITLES[task.status]}. ${legalLanes(task)}` : undefined;
  },
  onDragOver: ({ active, over }) => {
    const task = taskOf(active.data);
    const lane = laneOf(over?.id);
    if (!task) return undefined;
    if (!lane) return `${title(task)} is not over a lane.`;
    // Over its own lane (also right after being picked up): say again where it may go.
    return lane === task.status ? `${title(task)} is in its own lane, ${COLUMN_TITLES[lane]}. ${legalLanes(task)}` : `${title(task)} is over ${COLUMN_TITLES[lane]}.`;
  },
  onDragEnd: ({ active, over }) => {
    const task = taskOf(active.data);
    const lane = laneOf(over?.id);
    if (!task) return undefined;
    if (!lane || lane === task.status) return `${title(task)} was dropped back in ${COLUMN_TITLES[task.status]}.`;
    return `Moving ${title(task)} to ${COLUMN_TITLES[lane]}.`;
  },
  onDragCancel: ({ active }) => {
    const task = taskOf(active.data);
    return task ? `Cancelled. ${title(task)} stays in ${COLUMN_TITLES[task.status]}.` : undefined;
  },
};

/**
 * Drag and drop for the task board (operators only): pick a card up by its handle with the mouse, a finger
 * or the keyboard; only the lanes the task state machine allows take it. A drop asks the task move API; the
 * board is then read again from the server. A refused move leaves the card where it was and says why. A
 * drop on a final lane (Completed, Failed, Cancelled) asks first, as the card's button does.
 */
export const TaskBoardDnd = ({ enabled, children }: { enabled: boolean; children: ReactNode }) => {
  const router = useRouter();
  const move = useMoveAnyTask();
  const [refreshing, startRefresh] = useTransition();
  const [dragging, setDragging] = useState<DragTask | null>(null);
  const [status, setStatus] = useState("");
  // A drop on a final lane, waiting for its confirmation.
  const [confirming, setConfirming] = useState<{ task: DragTask; to: TaskStatusValue } | null>(null);
  const moved = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneCoordinates, scrollBehavior: "auto" }),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragging(taskOf(active.data) ?? null);
    move.reset();
  };
  const moveTo = (task: DragTask, to: TaskStatusValue) => {
    setStatus(`Moving ${title(task)} to ${COLUMN_TITLES[to]}…`);
    return move.mutateAsync({ id: task.id, status: to }).then(
      () => {
        setStatus(`Moved ${title(task)} to ${COLUMN_TITLES[to]}.`);
        startRefresh(() => router.refresh());
      },
      (error: unknown) => {
        setStatus(`${title(task)} could not be moved; it stays in ${COLUMN_TITLES[task.status]}.`);
        throw error;
      },
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const task = taskOf(active.data);
    const to = laneOf(over?.id);
    if (!task || !to || to === task.status || !canMoveTask(task.status, to)) return;
    if (FINAL_MOVE_CONFIRMS[to]) {
      moved.current = false;
      return setConfirming({ task, to });
    }
    moveTo(task, to).catch(() => undefined); // the refusal is shown by ProblemAlert and the status line
  };
  const confirm = confirming ? FINAL_MOVE_CONFIRMS[confirming.to] : undefined;

  const movingId = move.isPending || refreshing ? (move.variables?.id ?? null) : null;
  return (
    <BoardDragContext.Provider value={{ enabled, dragging, movingId }}>
      {enabled ? (
        <>
          <p role="status" className={styles.moveStatus}>
            {status}
          </p>
          <ProblemAlert error={confirming ? null : move.error} />
          {confirming && confirm ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => {
                if (open) return;
                // Closed without a move (Escape, "Keep as is"): say so; a move has said what came of it.
                if (!moved.current) setStatus(`Not moved: ${title(confirming.task)} stays in ${COLUMN_TITLES[confirming.task.status]}.`);
                setConfirming(null);
              }}
              title={confirm.title}
              question={confirm.question(confirming.task.description)}
              confirmLabel={confirm.confirmLabel}
              cancelLabel="Keep as is"
              danger={confirming.to !== "completed"}
              onConfirm={async () => {
                await moveTo(confirming.task, confirming.to);
                moved.current = true;
              }}
            />
          ) : null}
        </>
      ) : null}
      <DndContext
        id="task-board-instructions"
        sensors={sensors}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        {children}
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <div className={`${styles.card} ${styles.overlay}`}>
              <strong>{dragging.description}</strong>
              <code>{dragging.id}</code>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </BoardDragContext.Provider>
  );
};

/** A lane: while a card is dragged it says whether it takes it (data-drop="available" | "unavailable" | "origin"). */
export const BoardLane = ({ status, className, labelledBy, children }: { status: TaskStatusValue; className: string; labelledBy: string; children: ReactNode }) => {
  const { dragging } = useContext(BoardDragContext);
  const legal = dragging ? dragging.status === status || canMoveTask(dragging.status, status) : true;
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !legal });
  const drop = !dragging ? undefined : dragging.status === status ? "origin" : legal ? "available" : "unavailable";
  return (
    <section ref={setNodeRef} className={className} aria-labelledby={labelledBy} data-status={status} data-drop={drop} data-over={isOver && legal ? "true" : undefined}>
      {children}
      {drop === "unavailable" ? <p className={styles.unavailable}>Cannot move here from {COLUMN_TITLES[dragging!.status]}</p> : null}
    </section>
  );
};

/**
 * A card; operators get a "Drag" handle (a button: Space picks the card up) when its status can still move,
 * beside the card's `actions`. A `highlight`ed card (a task just assigned) is marked, scrolled into view
 * in its lane and the board, and its link takes focus, so the new card is where one looks.
 */
export const BoardCard = ({ task, className, highlight = false, actions, children }: { task: DragTask; className: string; highlight?: boolean; actions?: ReactNode; children: ReactNode }) => {
  const { enabled: boardEnabled, dragging, movingId } = useContext(BoardDragContext);
  const enabled = boardEnabled && allowedTaskMoves(task.status).length > 0;
  const hydrated = useHydrated();
  const { setNodeRef, setActivatorNodeRef, attributes, listeners } = useDraggable({ id: task.id, data: { task }, disabled: !enabled || !hydrated });
  const picked = dragging?.id === task.id;
  const item = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (!highlight || !item.current) return;
    item.current.scrollIntoView({ block: "nearest", inline: "nearest" });
    item.current.querySelector<HTMLAnchorElement>("a")?.focus({ preventScroll: true });
  }, [highlight]);
  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        item.current = node;
      }}
      id={`task-${task.id}`}
      className={className}
      data-task-id={task.id}
      data-new={highlight ? "true" : undefined}
      data-dragging={picked ? "true" : undefined}
      aria-busy={movingId === task.id || undefined}
    >
      {children}
      {enabled || actions ? (
        <div className={styles.cardActions}>
          {enabled ? (
            <button
              ref={setActivatorNodeRef}
              type="button"
              className={`secondary ${styles.handle}`}
              {...attributes}
              {...listeners}
              aria-roledescription="draggable task"
              aria-label={`Drag ${title(task)}`}
              disabled={!hydrated}
            >
              <span aria-hidden="true">⠿</span> Drag
            </button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </li>
  );
};

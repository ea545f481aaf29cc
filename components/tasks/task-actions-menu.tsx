"use client";

// A card's moves behind one "Move" button (a disclosure: aria-expanded, Escape or a click elsewhere
// closes it and focus returns to the button), so a card is a title and a line of facts, not a row of
// buttons. What it opens are the card's move buttons; a final move still asks first.
import { useEffect, useId, useRef, useState } from "react";
import { allowedTaskMoves, type TaskStatusValue } from "@/lib/tasks/status-machine";
import { TaskMoveButtons } from "./task-move-buttons";
import styles from "./tasks.module.css";

export const TaskActionsMenu = ({ id, status, description }: { id: string; status: TaskStatusValue; description: string }) => {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A confirm dialog open above the menu handles its own Escape.
      if (event.key !== "Escape" || document.querySelector("[role='dialog']")) return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (root.current?.contains(target) || (target instanceof Element && target.closest("[role='dialog']"))) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  if (allowedTaskMoves(status).length === 0) return null;
  return (
    <div ref={root} className={styles.menu}>
      <button ref={button} type="button" className="secondary" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        Move <span aria-hidden="true">▾</span>
      </button>
      <div id={panel} hidden={!open} className={styles.menuPanel}>
        {open ? <TaskMoveButtons id={id} status={status} description={description} /> : null}
      </div>
    </div>
  );
};

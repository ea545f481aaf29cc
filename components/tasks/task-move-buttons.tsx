"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { allowedTaskMoves, type TaskStatusValue } from "@/lib/tasks/status-machine";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FINAL_MOVE_CONFIRMS, MOVE_LABELS } from "./labels";
import { useMoveTask } from "./use-tasks";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * The moves the state machine allows from the task's status; the board re-renders after one. A move
 * to a final status (complete, fail, cancel) asks first, naming the task: it cannot be undone.
 */
export const TaskMoveButtons = ({
  id,
  status,
  description,
  omit = [],
}: {
  id: string;
  status: TaskStatusValue;
  description: string;
  /** Moves offered elsewhere on the page (the task page's finish form). */
  omit?: readonly TaskStatusValue[];
}) => {
  const router = useRouter();
  const move = useMoveTask(id);
  const hydrated = useHydrated();
  const [refreshing, startRefresh] = useTransition();
  const moves = allowedTaskMoves(status).filter((to) => !omit.includes(to));
  if (moves.length === 0) return null;
  return (
    <>
      <div className="row" role="group" aria-label={`Move “${description}”`}>
        {moves.map((to) => {
          const className = to === "cancelled" || to === "failed" ? "secondary" : undefined;
          const disabled = !hydrated || move.isPending || refreshing;
          const confirm = FINAL_MOVE_CONFIRMS[to];
          if (confirm) {
            return (
              <ConfirmButton
                key={to}
                label={MOVE_LABELS[to]}
                title={confirm.title}
                question={confirm.question(description)}
                confirmLabel={confirm.confirmLabel}
                cancelLabel="Keep as is"
                danger={to !== "completed"}
                className={className ?? ""}
                disabled={disabled}
                onConfirm={async () => {
                  await move.mutateAsync(to);
                  startRefresh(() => router.refresh());
                }}
              />
            );
          }
          return (
            <button key={to} type="button" className={className} disabled={disabled} onClick={() => move.mutate(to, { onSuccess: () => startRefresh(() => router.refresh()) })}>
              {MOVE_LABELS[to]}
            </button>
          );
        })}
      </div>
      <ProblemAlert error={move.error} />
    </>
  );
};

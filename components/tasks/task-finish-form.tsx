"use client";

// Finish a task in progress from its page: complete it or mark it failed, with a result summary
// when one is written (PATCH …/status with `result`). The page re-renders with the result after.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ZTaskResultBody } from "@/lib/tasks/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import { MOVE_LABELS } from "./labels";
import styles from "./tasks.module.css";
import { useFinishTask } from "./use-tasks";

export const TaskFinishForm = ({ id }: { id: string }) => {
  const router = useRouter();
  const finish = useFinishTask(id);
  const hydrated = useHydrated();
  const [refreshing, startRefresh] = useTransition();
  const [summary, setSummary] = useState("");
  const [invalid, setInvalid] = useState<string>();

  const submit = (status: "completed" | "failed") => {
    const text = summary.trim();
    const parsed = text ? ZTaskResultBody.safeParse({ summary: text }) : undefined;
    if (parsed && !parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "Check the summary");
      return;
    }
    setInvalid(undefined);
    finish.mutate({ status, result: parsed?.data }, { onSuccess: () => startRefresh(() => router.refresh()) });
  };

  const busy = !hydrated || finish.isPending || refreshing;
  return (
    <div className="stack">
      <FormField id="task-finish-summary" label="Result summary (optional)" error={invalid ? `Summary ${invalid}` : undefined}>
        <textarea
          id="task-finish-summary"
          className={styles.wide}
          rows={3}
          maxLength={2000}
          value={summary}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? "task-finish-summary-error" : undefined}
          onChange={(event) => setSummary(event.target.value)}
        />
      </FormField>
      <div className="row" role="group" aria-label="Finish the task">
        <button type="button" disabled={busy} onClick={() => submit("completed")}>
          {MOVE_LABELS.completed}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => submit("failed")}>
          {MOVE_LABELS.failed}
        </button>
      </div>
      <ProblemAlert error={finish.error} />
    </div>
  );
};

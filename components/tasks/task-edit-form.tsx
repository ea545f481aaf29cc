"use client";

// Edit a task on the form kit: description, assignee, due date, priority, notes, metrics and — for a
// completed or failed task — its result. Validated with the API's own schema (PUT replaces these
// fields; the status moves on the task's page), the API's problems mapped back onto the fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ZUpdateTaskBody, mayCarryResult, type TEntityMatch, type TTask, type TUpdateTaskBody } from "@/lib/tasks/schemas";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import { RESOURCES } from "@/components/shared/resources";
import { useSaveResource } from "@/components/shared/use-resource";
import { EntityPicker } from "./entity-picker";
import { PRIORITIES, amount, amountText, fromUtcFieldValue, utcFieldValue } from "./task-fields";
import styles from "./tasks.module.css";

const METRICS = [
  ["estimatedDuration", "Estimated hours", "0.5"],
  ["actualDuration", "Actual hours", "0.5"],
  ["resourceUsage", "Resource usage (%)", "0.1"],
  ["costEstimate", "Cost estimate (USD)", "0.01"],
  ["actualCost", "Actual cost (USD)", "0.01"],
] as const;
type MetricKey = (typeof METRICS)[number][0];

/** The result's details as the field shows them: pretty JSON, or empty. */
const dataText = (data: Record<string, unknown> | undefined) => (data ? JSON.stringify(data, null, 2) : "");

export const TaskEditForm = ({ task, entity }: { task: TTask; entity?: TEntityMatch }) => {
  const router = useRouter();
  const save = useSaveResource<TUpdateTaskBody & { id: string }>("task", "edit");
  const kit = useFormKit();
  const finished = mayCarryResult(task.status);
  const [description, setDescription] = useState(task.description);
  const [assignee, setAssignee] = useState<TEntityMatch | undefined>(entity);
  const [due, setDue] = useState(utcFieldValue(task.dueDate));
  const [priority, setPriority] = useState(task.metadata.priority ?? "");
  const [notes, setNotes] = useState(task.metadata.notes ?? "");
  const [metrics, setMetrics] = useState<Record<MetricKey, string>>(
    () => Object.fromEntries(METRICS.map(([key]) => [key, amountText(task.taskMetrics[key])])) as Record<MetricKey, string>,
  );
  const [summary, setSummary] = useState(task.result?.summary ?? "");
  const [details, setDetails] = useState(dataText(task.result?.data));
  const priorities = priority && !PRIORITIES.includes(priority) ? [priority, ...PRIORITIES] : PRIORITIES;

  const submit = () => {
    let data: unknown;
    let badData = false;
    try {
      data = details.trim() ? JSON.parse(details) : undefined;
    } catch {
      badData = true;
    }
    const body = {
      id: task.id,
      description,
      ...(due ? { dueDate: fromUtcFieldValue(due) } : {}),
      // A finished task keeps the assignee its outcome was credited to (the API refuses another).
      ...(finished
        ? task.assignedEntity
          ? { assignedEntity: task.assignedEntity }
          : {}
        : assignee
          ? { assignedEntity: { type: assignee.type, id: assignee.id } }
          : {}),
      metadata: { ...(priority ? { priority } : {}), ...(notes.trim() ? { notes } : {}) },
      taskMetrics: Object.fromEntries(METRICS.map(([key]) => [key, amount(metrics[key])])),
      ...(finished && (summary.trim() || details.trim()) ? { result: { summary, ...(data === undefined ? {} : { data }) } } : {}),
    };
    const parsed = kit.validate(ZUpdateTaskBody, body, (errors) => (badData ? { "result.data": "Write the details as a JSON object, e.g. {\"rows\": 12}", ...errors } : errors));
    if (!parsed) return;
    save.mutate(
      { ...parsed, id: task.id },
      {
        onSuccess: () => {
          router.push(RESOURCES.task.page(task.id));
          router.refresh();
        },
        onError: kit.failWith,
      },
    );
  };

  return (
    <Form kit={kit} onSubmit={submit} label={`Edit task ${task.id}`}>
      <Field id="task-description" path="description" label="Description">
        {(control) => (
          <textarea {...control} className={styles.wide} rows={3} value={description} maxLength={2000} onChange={(event) => setDescription(event.target.value)} />
        )}
      </Field>

      {finished ? (
        <p className="note" role="note">
          This task is {task.status}; its outcome was credited to its assignee, which stays.
        </p>
      ) : (
        <EntityPicker entity={assignee} onChange={setAssignee} legend="Assigned to" />
      )}

      <div className={styles.fields}>
        <Field id="task-priority" path="metadata.priority" label="Priority">
          {(control) => (
            <select {...control} value={priority} onChange={(event) => setPriority(event.target.value)}>
              <option value="">None</option>
              {priorities.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id="task-due" path="dueDate" label="Due (UTC)">
          {(control) => <input {...control} type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} />}
        </Field>
        {METRICS.map(([key, label, step]) => (
          <Field key={key} id={`task-${key}`} path={`taskMetrics.${key}`} label={label}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={0}
                step={step}
                inputMode="decimal"
                value={metrics[key]}
                onChange={(event) => setMetrics((current) => ({ ...current, [key]: event.target.value }))}
              />
            )}
          </Field>
        ))}
      </div>
      <Field id="task-notes" path="metadata.notes" label="Notes">
        {(control) => <textarea {...control} className={styles.wide} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />}
      </Field>

      {finished ? (
        <>
          <Field id="task-result-summary" path="result.summary" label="Result summary" hint="What came of the task. Leave empty (with no details) to remove the result.">
            {(control) => <textarea {...control} className={styles.wide} rows={3} value={summary} maxLength={2000} onChange={(event) => setSummary(event.target.value)} />}
          </Field>
          <Field id="task-result-data" path="result.data" label="Result details (JSON object, optional)">
            {(control) => (
              <textarea {...control} className={`${styles.wide} ${styles.code}`} rows={4} value={details} spellCheck={false} onChange={(event) => setDetails(event.target.value)} />
            )}
          </Field>
        </>
      ) : null}

      <FormFooter pending={save.isPending} submitLabel="Save task" pendingLabel="Saving…" cancelHref={RESOURCES.task.page(task.id)} />
    </Form>
  );
};

"use client";

// Create a task and assign it: pick the kind of entity, search it by name, choose one. On the form
// kit: validated with the API's zod schema; the API's problems (409 at the id, 422…) mapped back.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ZAssignTaskBody, type TEntityMatch } from "@/lib/tasks/schemas";
import type { TaskStatusValue } from "@/lib/tasks/status-machine";
import { Field, Form, FormFooter, slugify, useFormKit } from "@/components/form";
import { formatStatus } from "@/lib/format";
import { EntityPicker } from "./entity-picker";
import { PRIORITIES, amount } from "./task-fields";
import styles from "./tasks.module.css";
import { useAssignTask } from "./use-tasks";

const START_STATUSES: TaskStatusValue[] = ["pending", "assigned", "in_progress"];

/** A task id's words: the description's first five, as an id. */
const slug = (value: string) => slugify(value).split("-").slice(0, 5).join("-");

export const AssignForm = ({ initialEntity }: { initialEntity?: TEntityMatch }) => {
  const router = useRouter();
  const assign = useAssignTask();
  const kit = useFormKit({ conflictPath: "id" });
  const [id, setId] = useState("");
  const [idTouched, setIdTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [status, setStatus] = useState<TaskStatusValue>("pending");
  const [due, setDue] = useState("");
  const [priority, setPriority] = useState("medium");
  const [notes, setNotes] = useState("");
  const [estimate, setEstimate] = useState("");
  const [cost, setCost] = useState("");
  const [entity, setEntity] = useState<TEntityMatch | undefined>(initialEntity);

  const submit = () => {
    const parsed = kit.validate(
      ZAssignTaskBody,
      {
        id: id.trim(),
        description,
        status,
        ...(due ? { dueDate: new Date(due).toISOString() } : {}),
        ...(entity ? { assignedEntity: { type: entity.type, id: entity.id } } : {}),
        metadata: { priority, ...(notes.trim() ? { notes } : {}) },
        taskMetrics: { estimatedDuration: amount(estimate), costEstimate: amount(cost) },
      },
      (errors) => (entity ? errors : { assignedEntity: "Choose who the task is for", ...errors }),
    );
    if (!parsed) return;
    assign.mutate(parsed, {
      onSuccess: (task) => {
        // The board opens with the new card at the head of its lane, marked and in view.
        router.push(`/tasks?new=${encodeURIComponent(task.id)}`);
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  return (
    <Form kit={kit} onSubmit={submit} label="Assign a task">
      <Field id="task-description" path="description" label="Description">
        {(control) => (
          <textarea
            {...control}
            className={styles.wide}
            rows={3}
            value={description}
            maxLength={2000}
            onChange={(event) => {
              setDescription(event.target.value);
              if (!idTouched) {
                setId(slug(event.target.value) ? `task-${slug(event.target.value)}` : "");
                kit.clear("id");
              }
            }}
          />
        )}
      </Field>
      <Field id="task-id" path="id" label="Task id" hint="Letters, digits, '-', '_' or '.'; suggested from the description.">
        {(control) => (
          <input
            {...control}
            className={styles.wide}
            value={id}
            maxLength={128}
            onChange={(event) => {
              setIdTouched(true);
              setId(event.target.value);
            }}
          />
        )}
      </Field>

      <EntityPicker entity={entity} onChange={setEntity} />

      <div className={styles.fields}>
        <Field id="task-status" path="status" label="Initial status">
          {(control) => (
            <select {...control} value={status} onChange={(event) => setStatus(event.target.value as TaskStatusValue)}>
              {START_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {formatStatus(option)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="task-priority" path="metadata.priority" label="Priority">
          {(control) => (
            <select {...control} value={priority} onChange={(event) => setPriority(event.target.value)}>
              {PRIORITIES.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id="task-due" path="dueDate" label="Due (your local time)">
          {(control) => <input {...control} type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} />}
        </Field>
        <Field id="task-estimate" path="taskMetrics.estimatedDuration" label="Estimated hours">
          {(control) => <input {...control} type="number" min={0} step="0.5" inputMode="decimal" value={estimate} onChange={(event) => setEstimate(event.target.value)} />}
        </Field>
        <Field id="task-cost" path="taskMetrics.costEstimate" label="Cost estimate (USD)">
          {(control) => <input {...control} type="number" min={0} step="0.01" inputMode="decimal" value={cost} onChange={(event) => setCost(event.target.value)} />}
        </Field>
      </div>
      <Field id="task-notes" path="metadata.notes" label="Notes">
        {(control) => <textarea {...control} className={styles.wide} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />}
      </Field>

      <FormFooter pending={assign.isPending} submitLabel="Assign task" pendingLabel="Assigning…" cancelHref="/tasks" />
    </Form>
  );
};

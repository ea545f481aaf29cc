"use client";

// Create a task and assign it: pick the kind of entity, search it by name, choose one. Validated
// here with the API's zod schema; the API's problems (409, 422…) are shown as they come back.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { ENTITY_TYPES, ZAssignTaskBody, type TEntityMatch, type TEntityType } from "@/lib/tasks/schemas";
import type { TaskStatusValue } from "@/lib/tasks/status-machine";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ENTITY_TYPE_LABELS, statusLabel } from "./format";
import styles from "./tasks.module.css";
import { useAssignTask, useEntitySearch } from "./use-tasks";
import { useHydrated } from "@/components/ui/use-hydrated";

const START_STATUSES: TaskStatusValue[] = ["pending", "assigned", "in_progress"];
const PRIORITIES = ["low", "medium", "high", "critical"];

const useDebounced = <T,>(value: T, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .split("-")
    .slice(0, 5)
    .join("-");

const amount = (value: string) => (value.trim() === "" ? undefined : Number(value));

const described = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

export const AssignForm = ({ initialEntity }: { initialEntity?: TEntityMatch }) => {
  const router = useRouter();
  const assign = useAssignTask();
  const hydrated = useHydrated();
  const [id, setId] = useState("");
  const [idTouched, setIdTouched] = useState(false);
  const [description, setDescription] = useState("");
  const [status, setStatus] = useState<TaskStatusValue>("pending");
  const [due, setDue] = useState("");
  const [priority, setPriority] = useState("medium");
  const [notes, setNotes] = useState("");
  const [estimate, setEstimate] = useState("");
  const [cost, setCost] = useState("");
  const [type, setType] = useState<TEntityType>(initialEntity?.type ?? "Agent");
  const [search, setSearch] = useState("");
  const [entity, setEntity] = useState<TEntityMatch | undefined>(initialEntity);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const q = useDebounced(search.trim(), 250);
  const matches = useEntitySearch(type, q);
  // The chosen entity stays listed even when the search no longer finds it.
  const options = entity && entity.type === type && !matches.data?.some((match) => match.id === entity.id) ? [entity, ...(matches.data ?? [])] : matches.data ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      id: id.trim(),
      description,
      status,
      ...(due ? { dueDate: new Date(due).toISOString() } : {}),
      ...(entity ? { assignedEntity: { type: entity.type, id: entity.id } } : {}),
      metadata: { priority, ...(notes.trim() ? { notes } : {}) },
      taskMetrics: { estimatedDuration: amount(estimate), costEstimate: amount(cost) },
    };
    const parsed = ZAssignTaskBody.safeParse(body);
    const fields: Record<string, string> = {};
    if (!entity) fields.assignedEntity = "Choose who the task is for";
    if (!parsed.success) for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
    setErrors(fields);
    if (!parsed.success || !entity) return;
    assign.mutate(parsed.data, {
      onSuccess: () => {
        router.push("/tasks");
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  const entityError = errors.assignedEntity ?? errors["assignedEntity.id"] ?? errors["assignedEntity.type"];

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label="Assign a task">
      <FormField id="task-description" label="Description" error={errors.description}>
        <textarea
          id="task-description"
          className={styles.wide}
          rows={3}
          value={description}
          maxLength={2000}
          onChange={(event) => {
            setDescription(event.target.value);
            if (!idTouched) setId(slug(event.target.value) ? `task-${slug(event.target.value)}` : "");
          }}
          {...described("task-description", errors.description)}
        />
      </FormField>
      <FormField id="task-id" label="Task id" error={errors.id} hint="Letters, digits, '-', '_' or '.'; suggested from the description.">
        <input
          id="task-id"
          className={styles.wide}
          value={id}
          maxLength={128}
          onChange={(event) => {
            setIdTouched(true);
            setId(event.target.value);
          }}
          {...described("task-id", errors.id)}
        />
      </FormField>

      <fieldset className="card" style={{ marginBottom: "0.9rem" }} aria-describedby={entityError ? "task-entity-error" : undefined}>
        <legend>Assign to</legend>
        <div className={styles.fields}>
          <FormField id="task-entity-type" label="Entity type">
            <select
              id="task-entity-type"
              value={type}
              onChange={(event) => {
                setType(event.target.value as TEntityType);
                setEntity(undefined);
              }}
            >
              {ENTITY_TYPES.map((option) => (
                <option key={option} value={option}>
                  {ENTITY_TYPE_LABELS[option]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="task-entity-search" label="Find by name">
            <input id="task-entity-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </FormField>
        </div>
        <div role="radiogroup" aria-label={`Matching ${ENTITY_TYPE_LABELS[type].toLowerCase()}s`}>
          {matches.isPending ? <p className="muted">Searching…</p> : null}
          {!matches.isPending && options.length === 0 ? <p className="muted">Nothing matches “{search}”.</p> : null}
          <ul className={styles.results}>
            {options.map((match) => (
              <li key={`${match.type}:${match.id}`}>
                <label>
                  <input
                    type="radio"
                    name="task-entity"
                    value={match.id}
                    checked={entity?.type === match.type && entity.id === match.id}
                    onChange={() => setEntity(match)}
                  />
                  <span>
                    {match.name} <span className="muted">({match.id})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
        <ProblemAlert error={matches.error} />
        {entity ? (
          <p role="status">
            Assigning to {ENTITY_TYPE_LABELS[entity.type].toLowerCase()} <strong>{entity.name}</strong>
          </p>
        ) : null}
        {entityError ? (
          <div className="field-error" id="task-entity-error" role="alert">
            {entityError}
          </div>
        ) : null}
      </fieldset>

      <div className={styles.fields}>
        <FormField id="task-status" label="Initial status" error={errors.status}>
          <select id="task-status" value={status} onChange={(event) => setStatus(event.target.value as TaskStatusValue)}>
            {START_STATUSES.map((option) => (
              <option key={option} value={option}>
                {statusLabel(option)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="task-priority" label="Priority" error={errors["metadata.priority"]}>
          <select id="task-priority" value={priority} onChange={(event) => setPriority(event.target.value)}>
            {PRIORITIES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </FormField>
        <FormField id="task-due" label="Due (your local time)" error={errors.dueDate}>
          <input id="task-due" type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} {...described("task-due", errors.dueDate)} />
        </FormField>
        <FormField id="task-estimate" label="Estimated hours" error={errors["taskMetrics.estimatedDuration"]}>
          <input id="task-estimate" type="number" min={0} step="0.5" inputMode="decimal" value={estimate} onChange={(event) => setEstimate(event.target.value)} {...described("task-estimate", errors["taskMetrics.estimatedDuration"])} />
        </FormField>
        <FormField id="task-cost" label="Cost estimate (USD)" error={errors["taskMetrics.costEstimate"]}>
          <input id="task-cost" type="number" min={0} step="0.01" inputMode="decimal" value={cost} onChange={(event) => setCost(event.target.value)} {...described("task-cost", errors["taskMetrics.costEstimate"])} />
        </FormField>
      </div>
      <FormField id="task-notes" label="Notes" error={errors["metadata.notes"]}>
        <textarea id="task-notes" className={styles.wide} rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </FormField>

      <div className="row">
        <button type="submit" disabled={!hydrated || assign.isPending}>
          {assign.isPending ? "Assigning…" : "Assign task"}
        </button>
        <Link className="button secondary" href="/tasks">
          Cancel
        </Link>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <ProblemAlert error={assign.error} />
      </div>
    </form>
  );
};

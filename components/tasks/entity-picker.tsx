"use client";

// Who a task is for: the kind of entity, a search by name, the matches as radio buttons. Shared by the
// assign form and the edit form (inside a form kit's Form: its errors land at `assignedEntity`).
import { useState } from "react";
import { ENTITY_TYPES, type TEntityMatch, type TEntityType } from "@/lib/tasks/schemas";
import { FieldGroup } from "@/components/form";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useDebounced } from "@/components/ui/use-debounced";
import { ENTITY_TYPE_LABELS } from "./labels";
import styles from "./tasks.module.css";
import { useEntitySearch } from "./use-tasks";

export const EntityPicker = ({
  entity,
  onChange,
  legend = "Assign to",
}: {
  entity: TEntityMatch | undefined;
  onChange: (entity: TEntityMatch | undefined) => void;
  legend?: string;
}) => {
  const [type, setType] = useState<TEntityType>(entity?.type ?? "Agent");
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const matches = useEntitySearch(type, q);
  // The chosen entity stays listed even when the search no longer finds it.
  const options = entity && entity.type === type && !matches.data?.some((match) => match.id === entity.id) ? [entity, ...(matches.data ?? [])] : matches.data ?? [];

  return (
    <FieldGroup id="task-entity" path="assignedEntity" legend={legend} className="card field">
      <div className={styles.fields}>
        <FormField id="task-entity-type" label="Entity type">
          <select
            id="task-entity-type"
            value={type}
            onChange={(event) => {
              setType(event.target.value as TEntityType);
              onChange(undefined);
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
                  onChange={() => onChange(match)}
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
    </FieldGroup>
  );
};

"use client";

// Pick members by searching the API by name: the current selection (in order, each removable)
// and the search results (each addable). Used for a squad's agents and a syndicate's squads.
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import styles from "./groups.module.css";

export type PickedEntity = { id: string; name: string };

/** The list endpoints a picker searches (each takes ?q= and ?limit= and answers objects with id and name). */
export type MemberSearchPath = "/api/agents" | "/api/squads";

/** Up to 8 members whose name matches `q`. */
const searchMembers = (searchPath: MemberSearchPath, q: string, signal: AbortSignal): Promise<PickedEntity[]> => {
  const api = dashboardApi();
  const init = { params: { query: { limit: 8, q } }, signal };
  return searchPath === "/api/agents" ? unwrap(api.GET("/api/agents", init)) : unwrap(api.GET("/api/squads", init));
};

export const EntityPicker = ({
  legend,
  noun,
  searchPath,
  selected,
  onChange,
  error,
}: {
  legend: string;
  /** "agent" or "squad": used in labels. */
  noun: string;
  /** A list endpoint taking ?q= and ?limit= (answers objects with id and name). */
  searchPath: MemberSearchPath;
  selected: PickedEntity[];
  onChange: (next: PickedEntity[]) => void;
  error?: string;
}) => {
  const inputId = useId();
  const [term, setTerm] = useState("");
  const q = useDeferredValue(term.trim());
  const results = useQuery({
    queryKey: [searchPath, "search", q],
    queryFn: ({ signal }) => searchMembers(searchPath, q, signal),
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
  });
  const chosen = new Set(selected.map((entity) => entity.id));
  const candidates = (results.data ?? []).filter((entity) => !chosen.has(entity.id));

  return (
    <fieldset className={styles.picker} aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend>{legend}</legend>
      {selected.length === 0 ? (
        <p className="muted">No {noun}s yet.</p>
      ) : (
        <ul className={styles.members} aria-label={`Selected ${noun}s`}>
          {selected.map((entity) => (
            <li key={entity.id}>
              <span className={styles.name}>
                <span>{entity.name}</span> <code>{entity.id}</code>
              </span>
              <button
                type="button"
                className={`secondary ${styles.small}`}
                aria-label={`Remove ${entity.name}`}
                onClick={() => onChange(selected.filter((other) => other.id !== entity.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <div className="field-error" id={`${inputId}-error`} role="alert">
          {error}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={inputId}>Find {noun}s by name</label>
        <input id={inputId} type="search" className={styles.wide} value={term} placeholder="Start typing a name" onChange={(event) => setTerm(event.target.value)} />
      </div>
      {q.length > 0 ? (
        <div aria-live="polite">
          {results.isError ? (
            <p className="field-error">The search failed; try again.</p>
          ) : results.isPending ? (
            <p className="muted">Searching…</p>
          ) : candidates.length === 0 ? (
            <p className="muted">No other {noun}s match “{q}”.</p>
          ) : (
            <ul className={styles.members} aria-label={`Matching ${noun}s`}>
              {candidates.map((entity) => (
                <li key={entity.id}>
                  <span className={styles.name}>
                    <span>{entity.name}</span> <code>{entity.id}</code>
                  </span>
                  <button type="button" className={styles.small} aria-label={`Add ${entity.name}`} onClick={() => onChange([...selected, { id: entity.id, name: entity.name }])}>
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </fieldset>
  );
};

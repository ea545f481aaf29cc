"use client";

// Settings → Engines: the configured engines, read by operators and admins; admins add one, change
// it, test its connection and delete it (a refusal, e.g. while hosted runs work on it, is shown in
// the confirm dialog in the API's words). Keys are never shown: only whether one is kept.
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { TEngine } from "@/lib/engines/schemas";
import { formatInteger } from "@/lib/format";
import { EngineForm } from "./engine-form";
import { keyHint, LastTest, limitsText, pricesText } from "./engine-facts";
import { useDeleteEngine, useEngines, useTestEngine } from "./use-engines";
import styles from "./engines.module.css";

const agentsText = (count: number) => (count === 0 ? "none" : `${formatInteger(count)} ${count === 1 ? "agent" : "agents"} hosted on it`);

const EngineItem = ({ engine, canAdmin }: { engine: TEngine; canAdmin: boolean }) => {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const test = useTestEngine();
  const remove = useDeleteEngine();
  // The answer of this page's own test shows at once; the kept last test after a reload.
  const lastTest = test.data && test.data.testedAt >= (engine.lastTest?.testedAt ?? "") ? test.data : engine.lastTest;

  return (
    <li className={styles.engine} data-testid="engine">
      <h3>{engine.name}</h3>
      <ul className={`kv ${styles.facts}`}>
        <li>
          <span>Model</span>
          <span>
            <code>{engine.model}</code>
          </span>
        </li>
        <li>
          <span>Base URL</span>
          <span>
            <code>{engine.baseUrl}</code>
          </span>
        </li>
        <li>
          <span>API key</span>
          <span data-testid="engine-key">{keyHint(engine)}</span>
        </li>
        <li>
          <span>Per million tokens</span>
          <span data-testid="engine-prices">{pricesText(engine)}</span>
        </li>
        <li>
          <span>Limits per run</span>
          <span>{limitsText(engine)}</span>
        </li>
        <li>
          <span>Last test</span>
          <span data-testid="engine-test" aria-live="polite">
            <LastTest test={lastTest} pending={test.isPending} />
          </span>
        </li>
        <li>
          <span>Agents</span>
          <span>{agentsText(engine.agents)}</span>
        </li>
      </ul>
      {canAdmin ? (
        <>
          <ProblemAlert error={test.error} />
          <div className={`row ${styles.actions}`}>
            <button type="button" disabled={!hydrated || test.isPending} aria-busy={test.isPending || undefined} onClick={() => test.mutate(engine)}>
              Test connection
            </button>
            <button type="button" className="secondary" disabled={!hydrated} aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
              {editing ? "Close editing" : "Edit"}
            </button>
            <ConfirmButton
              label={`Delete ${engine.name}`}
              confirmLabel="Delete"
              question={`Delete the engine “${engine.name}”? ${
                engine.agents > 0 ? `${agentsText(engine.agents)} will no longer be hosted: their tasks wait for a connected agent. ` : ""
              }Its key is thrown away.`}
              onConfirm={() => remove.mutateAsync(engine)}
            />
          </div>
          {editing ? (
            <div className={styles.edit}>
              <EngineForm engine={engine} onDone={() => setEditing(false)} />
            </div>
          ) : null}
        </>
      ) : null}
    </li>
  );
};

export const EngineList = ({ canAdmin }: { canAdmin: boolean }) => {
  const engines = useEngines();
  return (
    <section className="card" aria-labelledby="engine-list">
      <h2 id="engine-list" className="card-title">
        Engines
      </h2>
      {canAdmin ? null : (
        <p className="note" role="note">
          Only an admin can add, change, test or delete engines.
        </p>
      )}
      <ProblemAlert error={engines.error} />
      {engines.isPending ? <p className="muted">Loading…</p> : null}
      {engines.data?.length === 0 ? <p className="muted">No engines yet: every agent is connected (it runs wherever its credential is used).</p> : null}
      {engines.data?.length ? (
        <ul className={styles.list} aria-label="Configured engines">
          {engines.data.map((engine) => (
            <EngineItem key={engine.id} engine={engine} canAdmin={canAdmin} />
          ))}
        </ul>
      ) : null}
    </section>
  );
};

export const EngineSettings = ({ canAdmin }: { canAdmin: boolean }) =>
  canAdmin ? (
    <div className="stack">
      <EngineList canAdmin />
      <section className="card" aria-labelledby="new-engine">
        <h2 id="new-engine" className="card-title">
          Add an engine
        </h2>
        <EngineForm />
      </section>
    </div>
  ) : (
    <EngineList canAdmin={false} />
  );

"use client";

// The agent page's hosting card, for anyone signed in: where the agent runs (hosted on an engine its
// AI engine names, or connected: wherever its credential is used), which of its tool calls wait for a
// person (operators change that), and the tools its roles let it call, reads and writes apart.
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import { APPROVAL_POLICIES, ZApprovalPolicyBody, type TApprovalPolicy, type TTool } from "@/lib/engines/schemas";
import { formatInteger } from "@/lib/format";
import { useAgentHosting, useSetApprovalPolicy } from "./use-agent-hosting";
import styles from "./agents.module.css";

const POLICY: Record<TApprovalPolicy, { label: string; says: string }> = {
  writes: { label: "Writes (default)", says: "Every tool call that changes data waits for a person's approval; reads run at once." },
  all: { label: "All calls", says: "Every tool call, reads too, waits for a person's approval." },
  none: { label: "None", says: "No tool call waits: the agent reads and writes on its own." },
};

/** A group longer than this starts closed. */
const OPEN_UP_TO = 8;

const ToolGroup = ({ title, tools }: { title: string; tools: TTool[] }) => (
  <details className={styles.tools} open={tools.length <= OPEN_UP_TO}>
    <summary>
      {title} ({formatInteger(tools.length)})
    </summary>
    {tools.length === 0 ? (
      <p className="muted">None.</p>
    ) : (
      <ul aria-label={title}>
        {tools.map((tool) => (
          <li key={tool.name} data-testid="agent-tool">
            <span className={`method method-${tool.method.toLowerCase()}`}>{tool.method}</span> <code>{tool.path}</code>
            {tool.needsApproval ? (
              <>
                {" "}
                <span className="badge badge-awaiting_approval">needs approval</span>
              </>
            ) : null}
            <br />
            <span className="muted">
              {tool.summary} · <code>{tool.name}</code>
            </span>
          </li>
        ))}
      </ul>
    )}
  </details>
);

const PolicyForm = ({ agentId, current }: { agentId: string; current: TApprovalPolicy }) => {
  const hydrated = useHydrated();
  const save = useSetApprovalPolicy(agentId);
  const [choice, setChoice] = useState<string>();
  const [error, setError] = useState<string>();
  const value = choice ?? current;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZApprovalPolicyBody.safeParse({ approvalPolicy: value });
    if (!parsed.success) {
      setError("Choose one of the options");
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.approvalPolicy, { onSuccess: () => setChoice(undefined) });
  };

  return (
    <form className="toolbar" aria-label="Approval policy" noValidate onSubmit={submit}>
      <FormField id="approval-policy" label="Which tool calls wait for approval" error={error}>
        <select
          id="approval-policy"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "approval-policy-error" : undefined}
          value={value}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(undefined);
          }}
        >
          {APPROVAL_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {POLICY[policy].label}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit" disabled={!hydrated || save.isPending || value === current} aria-busy={save.isPending || undefined}>
        {save.isPending ? "Saving…" : "Save policy"}
      </button>
      <ProblemAlert error={save.error} />
    </form>
  );
};

export const AgentHosting = ({ agentId, canChange }: { agentId: string; canChange: boolean }) => {
  const hosting = useAgentHosting(agentId);
  const data = hosting.data;
  const writes = data?.tools.filter((tool) => tool.write) ?? [];
  const reads = data?.tools.filter((tool) => !tool.write) ?? [];

  return (
    <section className="card" aria-labelledby="agent-hosting">
      <h2 id="agent-hosting" className="card-title">
        Hosting
      </h2>
      <ProblemAlert error={hosting.error} />
      {hosting.isPending ? <p className="muted">Loading…</p> : null}
      {data ? (
        <>
          <p data-testid="agent-hosting-state">
            {data.hosted && data.engine ? (
              <>
                Hosted on <strong>{data.engine.name}</strong> (<code>{data.engine.model}</code>): its tasks are worked inside Syndicate.
              </>
            ) : (
              <>Connected (runs wherever its credential is used).</>
            )}
          </p>
          <p className="muted">
            {data.hosted ? "Its AI engine names a configured engine." : "Name a configured engine in AI engine to host it."} See{" "}
            <Link href="/settings/engines">Settings → Engines</Link>.
          </p>

          <h3 className={styles.subheading}>Approval policy</h3>
          <p data-testid="agent-approval-policy">
            <strong>{POLICY[data.approvalPolicy].label}.</strong> {POLICY[data.approvalPolicy].says}
            {data.hosted ? null : <span className="muted"> It applies while the agent runs hosted.</span>}
          </p>
          {canChange ? <PolicyForm agentId={agentId} current={data.approvalPolicy} /> : null}

          <h3 className={styles.subheading}>Tools ({formatInteger(data.tools.length)})</h3>
          <p className="muted">The operations its roles let it call; a hosted run asks before the ones marked “needs approval”.</p>
          <ToolGroup title="Writes" tools={writes} />
          <ToolGroup title="Reads" tools={reads} />
        </>
      ) : null}
    </section>
  );
};

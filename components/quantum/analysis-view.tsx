"use client";

// The quantum analysis of one agent, squad or syndicate: choose shots and seed, run, and see the
// result (a definition list), the distribution (one chart; the server-drawn PNG as a download),
// the analysis one sentence per line, the circuit and the history of runs.
import { useState, type FormEvent } from "react";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { DEFAULT_SHOTS } from "@/lib/quantum/schemas";
import { type TAnalysisEntityType } from "@/lib/quantum/analyses/schemas";
import { DistributionChart } from "./distribution-chart";
import { AnalysisText, Findings } from "./findings";
import { formatInteger } from "@/lib/format";
import { optionalInteger } from "./values";
import { RunsChart } from "./runs-chart";
import { useCircuitQasm, useRunAnalysis, viewOf } from "./use-quantum";
import { SubmitButton } from "@/components/ui/submit-button";

const LABEL: Record<TAnalysisEntityType, string> = { agent: "Agent", squad: "Squad", syndicate: "Syndicate" };

export const AnalysisView = ({ entityType, entityId, name, quantumUrl = "" }: { entityType: TAnalysisEntityType; entityId: string; name: string; quantumUrl?: string }) => {
  const [shots, setShots] = useState(String(DEFAULT_SHOTS));
  const [seed, setSeed] = useState("");
  const run = useRunAnalysis(entityType, entityId, quantumUrl);
  const circuit = useCircuitQasm(entityType, entityId, quantumUrl);
  const fields = run.error instanceof ApiError ? Object.fromEntries((run.error.problem.errors ?? []).map((e) => [e.path.replace(/^query\./, ""), e.message])) : {};
  const view = run.data ? viewOf(run.data) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate({ shots: optionalInteger(shots), seed: optionalInteger(seed) });
  };

  return (
    <div className="stack">
      <Card title="Run">
        <form className="toolbar" onSubmit={submit} aria-label="Run the analysis">
          <FormField id="shots" label="Shots" error={fields.shots} hint="1 to the server's limit">
            <input id="shots" name="shots" inputMode="numeric" value={shots} onChange={(event) => setShots(event.target.value)} aria-invalid={Boolean(fields.shots)} />
          </FormField>
          <FormField id="seed" label="Seed" error={fields.seed} hint="Empty: a random seed (reported)">
            <input id="seed" name="seed" inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} aria-invalid={Boolean(fields.seed)} />
          </FormField>
          <SubmitButton pending={run.isPending}>
            {run.isPending ? "Running…" : "Run analysis"}
          </SubmitButton>
        </form>
        {run.error && !fields.shots && !fields.seed ? <ProblemAlert error={run.error} /> : null}
      </Card>

      {view ? (
        <>
          <Card title="Result">
            <Findings
              testId="quantum-metrics"
              items={[
                { term: "Predicted improvement", detail: view.improvement },
                { term: entityType === "squad" ? "Risk level" : entityType === "agent" ? "Risk score" : "Risk", detail: view.risk },
                { term: "Run", detail: `${formatInteger(view.shots)} shots · seed ${view.seed} · ${view.duration}` },
                {
                  term: view.recommendationLabel,
                  wide: true,
                  detail: Array.isArray(view.recommendation) ? (
                    <ul>
                      {view.recommendation.map((entry) => (
                        <li key={entry}>{entry}</li>
                      ))}
                    </ul>
                  ) : (
                    view.recommendation
                  ),
                },
              ]}
            />
          </Card>
          <Card title="Bitstring distribution">
            <DistributionChart
              probabilities={view.probabilities}
              label={`Probability of each bitstring for ${LABEL[entityType].toLowerCase()} ${name}`}
              histogram={view.histogram}
              fileName={`histogram-${entityType}-${entityId}`}
            />
          </Card>
          <Card title="Analysis">
            <AnalysisText text={view.analysis} testId="quantum-analysis" />
          </Card>
        </>
      ) : (
        <p className="muted">Choose the shots (and a seed to repeat a run exactly), then run the analysis.</p>
      )}

      <div className="grid-2">
        <Card title="Circuit (OpenQASM 3)">
          {circuit.error ? <ProblemAlert error={circuit.error} /> : null}
          <pre className="schema" role="region" aria-label="Circuit in OpenQASM 3" tabIndex={0} style={{ margin: 0 }}>
            {circuit.data ?? "Loading…"}
          </pre>
        </Card>
        <Card title="Past runs">
          <RunsChart entityType={entityType} entityId={entityId} quantumUrl={quantumUrl} />
        </Card>
      </div>
    </div>
  );
};

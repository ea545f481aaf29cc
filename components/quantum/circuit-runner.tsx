"use client";

// Paste an OpenQASM 2.0 program, run it on the simulator, see the counts and the histogram. On a wide
// screen the results stand beside the program (the diagram and the share link under it), on a narrow
// one directly under the program's card; after a run the keyboard's focus moves to their heading.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Card, Stat } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { DEFAULT_SHOTS } from "@/lib/quantum/schemas";
import { MAX_BARS, type HistogramSort } from "@/lib/quantum/histogram/svg";
import { DistributionChart } from "./distribution-chart";
import { formatInteger } from "@/lib/format";
import { mostProbableFirst, optionalInteger } from "./values";
import { useRunCircuit } from "./use-quantum";
import { DEFAULT_EXAMPLE } from "./circuit-examples";
import { SubmitButton } from "@/components/ui/submit-button";
import { TABLE_PAGE_SIZE } from "@/components/ui/table-pager";
import { FiguresTable } from "@/components/charts/chart-frame";
import type { TRunCircuitResult } from "@/lib/quantum/circuits/schemas";

/** The program the circuit page and the job form start with (the default example). */
export const EXAMPLE_QASM = DEFAULT_EXAMPLE.qasm;

type RunnerProps = {
  quantumUrl?: string;
  /** The program, when the parent keeps it (the circuit page: examples, live diagram, share link). */
  qasm?: string;
  onQasmChange?: (qasm: string) => void;
  /** Shown above the program's text (the example picker). */
  beforeProgram?: ReactNode;
  /** Shown between the program and the run's results (the live diagram, the share link). */
  afterProgram?: ReactNode;
};

export const CircuitRunner = ({ quantumUrl = "", qasm: controlled, onQasmChange, beforeProgram, afterProgram }: RunnerProps) => {
  const [own, setOwn] = useState(EXAMPLE_QASM);
  const qasm = controlled ?? own;
  const setQasm = onQasmChange ?? setOwn;
  const [shots, setShots] = useState(String(DEFAULT_SHOTS));
  const [seed, setSeed] = useState("");
  const [sort, setSort] = useState<"" | HistogramSort>("");
  const [keep, setKeep] = useState("");
  const run = useRunCircuit(quantumUrl);
  const fields = run.error instanceof ApiError ? run.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numberToKeep = optionalInteger(keep);
    const histogram = sort || numberToKeep !== undefined ? { ...(sort ? { sort } : {}), ...(numberToKeep !== undefined ? { numberToKeep } : {}) } : undefined;
    run.mutate({ qasm, shots: optionalInteger(shots), seed: optionalInteger(seed), ...(histogram ? { histogram } : {}) });
  };
  const result = run.data;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // A new result: the keyboard (and a screen reader) goes to it, scrolled into view on a phone.
  useEffect(() => {
    if (result) resultsHeading.current?.focus();
  }, [result]);
  return (
    <div className="circuit-layout">
      <Card title="Program" className="circuit-program">
        <form onSubmit={submit} aria-label="Run a circuit">
          {beforeProgram}
          <FormField id="qasm" label="OpenQASM 2.0 or 3 program" error={fields.qasm} hint='qelib1.inc or stdgates.inc gates, registers, measure, reset, if, barrier, gate definitions; qubit 0 is the rightmost bit'>
            <textarea
              id="qasm"
              value={qasm}
              onChange={(event) => setQasm(event.target.value)}
              rows={14}
              spellCheck={false}
              style={{ width: "100%", fontFamily: "ui-monospace, monospace" }}
              aria-invalid={Boolean(fields.qasm)}
            />
          </FormField>
          <div className="toolbar">
            <FormField id="circuit-shots" label="Shots" error={fields.shots}>
              <input id="circuit-shots" inputMode="numeric" value={shots} onChange={(event) => setShots(event.target.value)} />
            </FormField>
            <FormField id="circuit-seed" label="Seed" error={fields.seed} hint="Empty: random (reported)">
              <input id="circuit-seed" inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} />
            </FormField>
            <FormField id="circuit-histogram-sort" label="Histogram order" error={fields["histogram.sort"]}>
              <select id="circuit-histogram-sort" value={sort} onChange={(event) => setSort(event.target.value as "" | HistogramSort)}>
                <option value="">Automatic</option>
                <option value="value_desc">Most probable first</option>
                <option value="value">Least probable first</option>
                <option value="asc">Bitstring, ascending</option>
                <option value="desc">Bitstring, descending</option>
              </select>
            </FormField>
            <FormField id="circuit-histogram-keep" label="Bars to keep" error={fields["histogram.numberToKeep"]} hint={`Empty: all while ${MAX_BARS} fit, else the ${MAX_BARS} most probable`}>
              <input id="circuit-histogram-keep" inputMode="numeric" value={keep} onChange={(event) => setKeep(event.target.value)} />
            </FormField>
            <SubmitButton pending={run.isPending}>
              {run.isPending ? "Running…" : "Run circuit"}
            </SubmitButton>
          </div>
        </form>
        {run.error && !fields.qasm ? <ProblemAlert error={run.error} /> : null}
      </Card>
      <section className="circuit-results stack" aria-labelledby="circuit-results-title">
        <h2 id="circuit-results-title" className="results-title" tabIndex={-1} ref={resultsHeading}>
          Results
        </h2>
        {result ? (
          <>
            <div className="stats" data-testid="circuit-stats">
              <Stat label="Qubits" value={result.qubits} />
              <Stat label="Shots" value={formatInteger(result.shots)} hint={`seed ${result.seed}`} />
              <Stat
                label="Outcomes"
                value={formatInteger(result.distinctOutcomes)}
                hint={result.otherProbability > 0 ? `${formatInteger(Object.keys(result.counts).length)} most frequent answered` : "all answered"}
              />
              <Stat label="Simulation duration" value={result.simulationDuration} />
            </div>
            <Card title="Distribution" level={3}>
              <DistributionChart
                probabilities={result.probabilities}
                label="Probability of each measured bitstring"
                rest={{ probability: result.otherProbability, outcomes: result.distinctOutcomes - Object.keys(result.counts).length }}
                options={run.variables?.histogram}
                histogram={result.histogram}
                fileName="histogram-circuit"
              />
            </Card>
            <Card title="Counts" level={3}>
              <CountsTable key={run.submittedAt} counts={result.counts} />
            </Card>
          </>
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            {run.isPending ? "Running…" : "Run the program to see its counts and histogram here."}
          </p>
        )}
      </section>
      <div className="circuit-extra stack">{afterProgram}</div>
    </div>
  );
};

/** The counts, most frequent first, a page at a time. */
const CountsTable = ({ counts }: { counts: TRunCircuitResult["counts"] }) => (
  <FiguresTable
    label="Counts"
    caption="Shots per bitstring (qubit 0 rightmost), most frequent first"
    columns={["Bitstring", "Count"]}
    rows={mostProbableFirst(counts).map(([bits, count]) => ({ key: bits, cells: [<code key="bits">{bits}</code>, formatInteger(count)] }))}
    pageSize={TABLE_PAGE_SIZE}
    pagerTestId="counts-pager"
  />
);

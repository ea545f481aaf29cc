"use client";

// Paste an OpenQASM 2.0 program, run it on the simulator, see the counts and the histogram.
import { useState, type FormEvent, type ReactNode } from "react";
import { Card, Stat } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { DEFAULT_SHOTS } from "@/lib/quantum/schemas";
import { MAX_BARS, type HistogramSort } from "@/lib/quantum/histogram/svg";
import { DistributionChart } from "./distribution-chart";
import { formatInteger } from "@/lib/format";
import { optionalInteger, sortedEntries } from "./values";
import { useRunCircuit } from "./use-quantum";
import { DEFAULT_EXAMPLE } from "./circuit-examples";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SubmitButton } from "@/components/ui/submit-button";

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
  return (
    <div className="stack">
      <Card title="Program">
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
            <FormField id="circuit-histogram-keep" label="Bars to keep" error={fields["histogram.numberToKeep"]} hint={`Empty: up to ${MAX_BARS - 1} and the rest`}>
              <input id="circuit-histogram-keep" inputMode="numeric" value={keep} onChange={(event) => setKeep(event.target.value)} />
            </FormField>
            <SubmitButton pending={run.isPending}>
              {run.isPending ? "Running…" : "Run circuit"}
            </SubmitButton>
          </div>
        </form>
        {run.error && !fields.qasm ? <ProblemAlert error={run.error} /> : null}
      </Card>
      {afterProgram}
      {result ? (
        <>
          <div className="stats">
            <Stat label="Qubits" value={result.qubits} />
            <Stat label="Shots" value={formatInteger(result.shots)} hint={`seed ${result.seed}`} />
            <Stat
              label="Outcomes"
              value={formatInteger(result.distinctOutcomes)}
              hint={result.otherProbability > 0 ? `${formatInteger(Object.keys(result.counts).length)} most frequent answered` : "all answered"}
            />
            <Stat label="Simulation duration" value={result.simulationDuration} />
          </div>
          <Card title="Distribution">
            <DistributionChart
              probabilities={result.probabilities}
              label="Probability of each measured bitstring"
              rest={{ probability: result.otherProbability, outcomes: result.distinctOutcomes - Object.keys(result.counts).length }}
              histogram={result.histogram}
              fileName="histogram-circuit"
            />
          </Card>
          <Card title="Counts">
            <ScrollRegion label="Counts">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Bitstring</th>
                    <th scope="col">Count</th>
                  </tr>
                </thead>
                <tbody>
                  {sortedEntries(result.counts)
                    .slice(0, 256)
                    .map(([bits, count]) => (
                      <tr key={bits}>
                        <td>
                          <code>{bits}</code>
                        </td>
                        <td>{count}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </ScrollRegion>
          </Card>
        </>
      ) : null}
    </div>
  );
};

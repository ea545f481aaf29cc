// Runs a circuit: evolve |0…0⟩ through the gates, then draw the shots. Results are keyed by the
// classical bitstring (bit 0 rightmost) and sorted; probabilities are counts ÷ shots.
import { performance } from "node:perf_hooks";
import { checkOps, type Circuit } from "./circuit";
import { applyFused } from "./fuse";
import { Rng, randomSeed } from "./random";
import { sampleCounts } from "./sample";
import { bitstring, zeroState, type StateVector } from "./statevector";

export type RunOptions = {
  shots: number;
  /** Reproducibility: the same circuit, shots and seed give the same counts. Drawn when absent. */
  seed?: number;
  /** Also return the exact distribution over the classical bits (the infinite-shot limit). */
  exact?: boolean;
  maxQubits?: number;
};

export type RunResult = {
  qubits: number;
  shots: number;
  seed: number;
  counts: Record<string, number>;
  probabilities: Record<string, number>;
  exact?: Record<string, number>;
  /** Wall time of the evolution and the sampling, in milliseconds. */
  durationMs: number;
};

/** Maps a basis-state index to its classical bitstring under the circuit's measurements. */
export const outcomeKey = (c: Circuit): ((index: number) => string) => {
  const identity = c.clbits === c.qubits && c.measurements.length === c.qubits && c.measurements.every((m) => m.qubit === m.clbit);
  if (identity) return (index) => bitstring(index, c.qubits);
  return (index) => {
    const bits = new Array<string>(c.clbits).fill("0");
    for (const m of c.measurements) bits[c.clbits - 1 - m.clbit] = Math.floor(index / 2 ** m.qubit) % 2 === 1 ? "1" : "0";
    return bits.join("");
  };
};

const sortedRecord = (entries: Map<string, number>) =>
  Object.fromEntries([...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const evolve = (c: Circuit, maxQubits?: number): StateVector => {
  checkOps(c);
  const state = zeroState(c.qubits, maxQubits);
  applyFused(state, c.ops);
  return state;
};

export const exactDistribution = (state: StateVector, key: (index: number) => string) => {
  const exact = new Map<string, number>();
  for (let i = 0; i < state.re.length; i += 1) {
    const p = state.re[i] * state.re[i] + state.im[i] * state.im[i];
    if (p > 1e-15) {
      const k = key(i);
      exact.set(k, (exact.get(k) ?? 0) + p);
    }
  }
  return sortedRecord(exact);
};

export const simulate = (c: Circuit, options: RunOptions): RunResult => {
  const seed = options.seed ?? randomSeed();
  const started = performance.now();
  const state = evolve(c, options.maxQubits);
  const byIndex = sampleCounts(state, options.shots, new Rng(seed));
  const durationMs = performance.now() - started;
  const key = outcomeKey(c);
  const counts = new Map<string, number>();
  for (const [index, count] of byIndex) {
    const k = key(index);
    counts.set(k, (counts.get(k) ?? 0) + count);
  }
  const sortedCounts = sortedRecord(counts);
  const probabilities = Object.fromEntries(Object.entries(sortedCounts).map(([k, count]) => [k, count / options.shots]));
  return {
    qubits: c.qubits,
    shots: options.shots,
    seed,
    counts: sortedCounts,
    probabilities,
    ...(options.exact ? { exact: exactDistribution(state, key) } : {}),
    durationMs,
  };
};

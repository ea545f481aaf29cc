// Runs a circuit: evolve |0…0⟩ through the gates, then draw the shots. Results are keyed by the
// classical bitstring (bit 0 rightmost) and sorted; probabilities are counts ÷ shots.
import { performance } from "node:perf_hooks";
import { quantumConfig } from "../config";
import { runBranching } from "./branching";
import { checkOps, type Circuit } from "./circuit";
import { applyFused } from "./fuse";
import { Rng, randomSeed } from "./random";
import { sampleCounts } from "./sample";
import { BYTES_PER_AMPLITUDE, bitstring, zeroState, type StateVector } from "./statevector";

export type RunOptions = {
  shots: number;
  /** Reproducibility: the same circuit, shots and seed give the same counts. Drawn when absent. */
  seed?: number;
  /** Also return the exact distribution over the classical bits (the infinite-shot limit). */
  exact?: boolean;
  maxQubits?: number;
  /** Dynamic circuits: gate work summed over all branches (default QUANTUM_MAX_GATE_WORK). */
  maxWork?: number;
};

/** Branches the exact distribution of a dynamic circuit may follow. */
export const EXACT_BRANCHES = 4096;

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
  // Qubit k measured into bit k for every k: the bitstring is the index itself. Counting the
  // measurements is not enough (one qubit measured twice leaves another bit unwritten, at 0).
  const identity = c.clbits === c.qubits && c.measurements.every((m) => m.qubit === m.clbit) && new Set(c.measurements.map((m) => m.qubit)).size === c.qubits;
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

/** The answer of a run: counts and probabilities keyed in bitstring order. */
const runResult = (
  c: Circuit,
  options: RunOptions,
  seed: number,
  counts: Map<string, number>,
  exact: Record<string, number> | undefined,
  durationMs: number,
): RunResult => {
  const sortedCounts = sortedRecord(counts);
  const probabilities = Object.fromEntries(Object.entries(sortedCounts).map(([k, count]) => [k, count / options.shots]));
  return { qubits: c.qubits, shots: options.shots, seed, counts: sortedCounts, probabilities, ...(exact ? { exact } : {}), durationMs };
};

// A dynamic circuit: shot branching (see branching.ts); the exact distribution by a second walk
// that follows every outcome with its probability, when asked for.
const simulateDynamic = (c: Circuit, options: RunOptions, seed: number): RunResult => {
  checkOps(c);
  const started = performance.now();
  const config = quantumConfig();
  const maxQubits = options.maxQubits ?? config.QUANTUM_MAX_QUBITS;
  const common = {
    maxQubits,
    maxWork: options.maxWork ?? config.QUANTUM_MAX_GATE_WORK,
    // The states alive at once may take as much as four registers of the largest size.
    maxBytes: 4 * 2 ** maxQubits * BYTES_PER_AMPLITUDE,
  };
  const run = runBranching(c, { ...common, shots: options.shots, rng: new Rng(seed) });
  const durationMs = performance.now() - started;
  const exact = options.exact ? runBranching(c, { ...common, shots: 1, rng: new Rng(seed), exactBranches: EXACT_BRANCHES }).exact : undefined;
  return runResult(c, options, seed, run.counts, exact ? sortedRecord(exact) : undefined, durationMs);
};

export const simulate = (c: Circuit, options: RunOptions): RunResult => {
  const seed = options.seed ?? randomSeed();
  if (c.program) return simulateDynamic(c, options, seed);
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
  return runResult(c, options, seed, counts, options.exact ? exactDistribution(state, key) : undefined, durationMs);
};

// Runs a circuit: evolve |0…0⟩ through the gates, then draw the shots. Results are keyed by the
// classical bitstring (bit 0 rightmost) and sorted; probabilities are counts ÷ shots.
import { performance } from "node:perf_hooks";
import { basisState, densify, reach, runSparse } from "../kernels/sparse";
import { BYTES_PER_AMPLITUDE, MAX_QUBITS, allocateState, releaseState, type StateVector } from "../memory/registers";
import { checkOps, type Circuit } from "../passes/circuit";
import { compile } from "../passes/fuse";
import type { Pass } from "../passes/pass";
import { runPasses } from "../threads/parallel";
import { sharesState } from "../threads/settings";
import { runBranching } from "./branching";
import { outcomeCoder, tallyCounts, tallyExact, tallyRecord, topPositions, type Tally } from "./outcomes";
import { Rng, randomSeed } from "./random";
import { sampleIndexCounts } from "./sample";
import { checkQubits } from "./statevector";

export type RunOptions = {
  shots: number;
  /** Reproducibility: the same circuit, shots and seed give the same counts. Drawn when absent. */
  seed?: number;
  /** Also return the exact distribution over the classical bits (the infinite-shot limit). */
  exact?: boolean;
  /** The largest register allowed (default and at most MAX_QUBITS). */
  maxQubits?: number;
  /** Dynamic circuits: gate work (gates × 2^qubits) summed over all branches (default: no limit). */
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
  const coder = outcomeCoder(c);
  return (index) => coder.bits(coder.keyOf(index));
};

const sortedRecord = (entries: Map<string, number>) =>
  Object.fromEntries([...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const evolve = (c: Circuit, maxQubits?: number): StateVector => {
  checkOps(c);
  checkQubits(c.qubits, maxQubits);
  const passes = compile(c.ops);
  // While the state stays sparse it is evolved as a list of its nonzero amplitudes (sparse.ts).
  const sparse = basisState(c.qubits);
  const done = runSparse(sparse, passes);
  // Checked above: allocated without a second look at the free memory.
  const state = allocateState(c.qubits, sharesState(c.qubits));
  densify(sparse, state.re, state.im);
  runWithinReach(state, done === 0 ? passes : passes.slice(done), reach(sparse));
  return state;
};

/** The qubits below which a pass acts: its highest target, second qubit or control, plus one. */
const passReach = (p: Pass) => 1 + Math.max(p.a, p.b, p.controls === 0 ? -1 : 31 - Math.clz32(p.controls));

/**
 * Runs the passes on a state whose amplitudes from 2^reached up are all zero. A pass on qubits
 * below k maps that zero part to zero, so while the passes stay below k they run on the first 2^k
 * amplitudes alone, as a register of k qubits (a phase run's factors on higher qubits meet only
 * zero bits there); k grows to a pass's reach when it gets there. The first layer of one-qubit
 * gates on n qubits thus costs about two passes over the state instead of n (on several threads,
 * the passes below the threads' threshold do). Every amplitude the passes change is computed by
 * the same kernels, from the same values, as over the whole state.
 */
export const runWithinReach = (state: StateVector, passes: readonly Pass[], reached: number) => {
  let k = Math.max(1, reached);
  let from = 0;
  // On several threads a prefix large enough to share runs on the whole state: each prefix would be
  // a run of its own for the helpers (a message, its views rebuilt), which cost more than it saved.
  while (k < state.qubits && !sharesState(k) && from < passes.length) {
    let to = from;
    while (to < passes.length && passReach(passes[to]) <= k) to += 1;
    if (to > from) runPasses({ qubits: k, re: state.re.subarray(0, 2 ** k), im: state.im.subarray(0, 2 ** k) }, passes.slice(from, to));
    if (to < passes.length) k = passReach(passes[to]);
    from = to;
  }
  if (from < passes.length) runPasses(state, from === 0 ? passes : passes.slice(from));
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
  counts: Map<string, number> | Record<string, number>,
  exact: Record<string, number> | undefined,
  durationMs: number,
): RunResult => {
  const sortedCounts = counts instanceof Map ? sortedRecord(counts) : counts;
  const probabilities = Object.fromEntries(Object.entries(sortedCounts).map(([k, count]) => [k, count / options.shots]));
  return { qubits: c.qubits, shots: options.shots, seed, counts: sortedCounts, probabilities, ...(exact ? { exact } : {}), durationMs };
};

// A dynamic circuit: shot branching (see branching.ts); the exact distribution by a second walk
// that follows every outcome with its probability, when asked for.
const simulateDynamic = (c: Circuit, options: RunOptions, seed: number): RunResult => {
  checkOps(c);
  const started = performance.now();
  const maxQubits = Math.min(options.maxQubits ?? MAX_QUBITS, MAX_QUBITS);
  const common = {
    maxQubits,
    maxWork: options.maxWork ?? Infinity,
    // The states alive at once may take as much as four registers of the largest size.
    maxBytes: 4 * 2 ** maxQubits * BYTES_PER_AMPLITUDE,
  };
  const run = runBranching(c, { ...common, shots: options.shots, rng: new Rng(seed) });
  const durationMs = performance.now() - started;
  const exact = options.exact ? runBranching(c, { ...common, shots: 1, rng: new Rng(seed), exactBranches: EXACT_BRANCHES }).exact : undefined;
  return runResult(c, options, seed, run.counts, exact ? sortedRecord(exact) : undefined, durationMs);
};

// A static circuit: evolve once, draw the shots per basis state, tally them per outcome key.
const simulateStatic = (c: Circuit, options: RunOptions, seed: number) => {
  const started = performance.now();
  const state = evolve(c, options.maxQubits);
  const coder = outcomeCoder(c);
  const counts = tallyCounts(sampleIndexCounts(state, options.shots, new Rng(seed)), coder);
  const durationMs = performance.now() - started;
  return { state, coder, counts, durationMs };
};

export const simulate = (c: Circuit, options: RunOptions): RunResult => {
  const seed = options.seed ?? randomSeed();
  if (c.program) return simulateDynamic(c, options, seed);
  const { state, coder, counts, durationMs } = simulateStatic(c, options, seed);
  const exact = options.exact ? tallyRecord(tallyExact(state, coder), coder) : undefined;
  releaseState(state);
  return runResult(c, options, seed, tallyRecord(counts, coder), exact, durationMs);
};

/** A run answered in part: the `top` most frequent outcomes, and how many there were in all. */
export type TopRunResult = {
  qubits: number;
  shots: number;
  seed: number;
  /** The `top` most frequent outcomes (ties: the smaller bitstring), in bitstring order. */
  counts: Record<string, number>;
  /** How many different outcomes the shots gave. */
  distinctOutcomes: number;
  /** The exact distribution's `top` most probable outcomes, when asked for. */
  exact?: Record<string, number>;
  /**
   * With `exact`: what `exact` leaves out — the summed probability of the other outcomes (summed
   * over them, not 1 − the listed ones, so that a small rest is not lost to rounding) and their
   * number. Outcomes of probability at most 1e-15 are not outcomes (rounding noise of zero amplitudes).
   */
  exactOther?: { probability: number; outcomes: number };
  durationMs: number;
};

/** The `top` entries of a tally and what they leave out: the summed value of the others, and their number. */
const topWithRest = (tally: Tally, top: number) => {
  const positions = topPositions(tally, top);
  const chosen = new Uint8Array(tally.size);
  for (const j of positions) chosen[j] = 1;
  let probability = 0;
  for (let j = 0; j < tally.size; j += 1) if (!chosen[j]) probability += tally.values[j];
  return { positions, other: { probability, outcomes: tally.size - positions.length } };
};

// JSON-like objects put integer-looking keys ("101") first, so the entries are sorted again.
const recordTally = (record: Record<string, number>) => {
  const entries = Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const tally: Tally = { keys: Uint32Array.from(entries, (_, j) => j), values: Float64Array.from(entries, ([, value]) => value), size: entries.length };
  return { entries, tally };
};

const topOfRecord = (record: Record<string, number>, top: number) => {
  const { entries, tally } = recordTally(record);
  return Object.fromEntries(Array.from(topPositions(tally, top), (j) => entries[j]));
};

const exactTopOfRecord = (record: Record<string, number>, top: number) => {
  const { entries, tally } = recordTally(Object.fromEntries(Object.entries(record).filter(([, p]) => p > 1e-15)));
  const { positions, other } = topWithRest(tally, top);
  return { exact: Object.fromEntries(Array.from(positions, (j) => entries[j])), exactOther: other };
};

/**
 * Runs a circuit and keeps the `top` most frequent outcomes. A static circuit never builds a
 * string or a map entry per outcome: counts stay in typed arrays by outcome key, the `top` are
 * chosen there, and only they become bitstrings, so 10^6 shots over 2^20 outcomes cost about
 * what 10^3 shots cost.
 */
export const simulateTop = (c: Circuit, options: RunOptions & { top: number }): TopRunResult => {
  const seed = options.seed ?? randomSeed();
  if (c.program) {
    const run = simulateDynamic(c, options, seed);
    return {
      qubits: c.qubits,
      shots: options.shots,
      seed,
      counts: topOfRecord(run.counts, options.top),
      distinctOutcomes: Object.keys(run.counts).length,
      ...(run.exact ? exactTopOfRecord(run.exact, options.top) : {}),
      durationMs: run.durationMs,
    };
  }
  const { state, coder, counts, durationMs } = simulateStatic(c, options, seed);
  const exact = options.exact ? tallyExact(state, coder) : undefined;
  releaseState(state);
  const exactTop = exact ? topWithRest(exact, options.top) : undefined;
  return {
    qubits: c.qubits,
    shots: options.shots,
    seed,
    counts: tallyRecord(counts, coder, topPositions(counts, options.top, true)),
    distinctOutcomes: counts.size,
    ...(exact && exactTop ? { exact: tallyRecord(exact, coder, exactTop.positions), exactOther: exactTop.other } : {}),
    durationMs,
  };
};

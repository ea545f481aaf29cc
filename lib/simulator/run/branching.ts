// Dynamic circuits (mid-circuit measurement, reset, classically controlled steps) by shot
// branching, as Qiskit Aer does it: all shots start in one branch; at a measurement the branch's
// shots are split between the outcomes by a seeded binomial draw with the outcome's probability,
// and each part continues from its own collapsed state with the outcome written to its bits. A
// branch never holds zero shots, so the number of branches, and the cost, stays at most
// min(shots, outcomes). With `exact`, the same walk follows every outcome of probability > 0 with
// its probability instead of shots: the exact distribution, when the branches are few.
//
// Branches are walked depth first: one state is evolved in place and the other outcome of each
// split waits as a copy. The copies alive at once are bounded by a memory budget, and the gate
// work summed over all branches by the work limit; past either the run stops with an error. A
// branch's register is handed back when the branch ends (releaseState), and so are the waiting
// ones when the run stops: the next copy reuses it instead of leaving it to the helper threads,
// which hold every shared register posted to them until their own heap is collected.
import { freemem } from "node:os";
import { SimulatorLimitError, SimulatorMemoryError } from "../errors";
import { applyGate, applyX } from "../kernels/run-pass";
import { BYTES_PER_AMPLITUDE, releaseState, type StateVector } from "../memory/registers";
import type { Circuit, Instruction } from "../passes/circuit";
import { applyFused } from "../threads/parallel";
import { binomial } from "./binomial";
import { allHold, evaluateClassical } from "./classical";
import type { Rng } from "./random";
import { copyState, zeroState } from "./statevector";

export type BranchOptions = {
  shots: number;
  rng: Rng;
  /** Gate applications × 2^qubits summed over all branches. */
  maxWork: number;
  /** Bytes of statevectors alive at once (the branch being run and the copies waiting). */
  maxBytes: number;
  maxQubits?: number;
  /** Also follow every outcome with its probability (the exact distribution), up to this many branches. */
  exactBranches?: number;
};

export type BranchResult = {
  /** Shots per final classical bit pattern (bit 0 rightmost). */
  counts: Map<string, number>;
  /** The exact distribution, when asked for and the branches stayed within `exactBranches`. */
  exact?: Map<string, number>;
  /** Branches that reached the end of the program (shots). */
  branches: number;
};

// Steps with consecutive unconditional gates grouped, so that each group is one fused sweep. A
// group never spans a step some jump goes to, and jumps are renumbered onto the grouped steps.
type Step = { kind: "gates"; ops: Extract<Instruction, { kind: "gate" }>["op"][] } | Instruction;

const group = (program: Instruction[]): Step[] => {
  const targets = new Set<number>();
  for (const step of program) if (step.kind === "jump") targets.add(step.to);
  const steps: Step[] = [];
  const stepOf = new Int32Array(program.length + 1);
  program.forEach((step, k) => {
    stepOf[k] = steps.length;
    const last = steps[steps.length - 1];
    if (step.kind === "gate" && !step.when) {
      if (last && last.kind === "gates" && !targets.has(k)) last.ops.push(step.op);
      else steps.push({ kind: "gates", ops: [step.op] });
    } else steps.push(step);
  });
  stepOf[program.length] = steps.length;
  return steps.map((step) => (step.kind === "jump" ? { ...step, to: stepOf[step.to] } : step));
};

// What a classical step (a set, a write, a jump taken) is charged against the work limit: as much
// as a gate on 2^12 amplitudes at least, so that a loop of classical steps alone stops at the
// limit in about as long as one of gates would (every pass of a loop takes a jump).
const CLASSICAL_STEP_WORK = 2 ** 12;
// In exact mode, a branch less probable than this is dropped: its outcome could not show in an
// answer (probabilities at most 1e-15 are not outcomes), and a loop that repeats until a
// measurement succeeds ends.
const NEGLIGIBLE_WEIGHT = 2 ** -56;

/**
 * The squared norms of the parts of the state where `qubit` reads 0 and 1. Their sum is 1 up to
 * rounding; a measurement divides by the kept part's own norm, not by 1 minus the other's, so that
 * the rounding does not grow from one measurement to the next (a loop measuring a qubit hundreds
 * of times drifted away from a normalised state, and with it from the right probabilities).
 */
export const outcomeMasses = (state: StateVector, qubit: number) => {
  const { re, im } = state;
  const stride = 1 << qubit;
  let zero = 0;
  let one = 0;
  for (let base = 0; base < re.length; base += 2 * stride) {
    for (let i = base, end = base + stride; i < end; i += 1) zero += re[i] * re[i] + im[i] * im[i];
    for (let i = base + stride, end = base + 2 * stride; i < end; i += 1) one += re[i] * re[i] + im[i] * im[i];
  }
  return { zero, one };
};

/** The probability that `qubit` reads 1. */
export const probabilityOfOne = (state: StateVector, qubit: number) => outcomeMasses(state, qubit).one;

/** Projects `qubit` onto `outcome` (whose probability is `p`: the kept part's squared norm) and renormalises. */
export const collapse = (state: StateVector, qubit: number, outcome: 0 | 1, p: number) => {
  const { re, im } = state;
  const stride = 1 << qubit;
  const scale = 1 / Math.sqrt(p);
  for (let base = 0; base < re.length; base += 2 * stride) {
    const keep = outcome === 0 ? base : base + stride;
    const drop = outcome === 0 ? base + stride : base;
    for (let k = 0; k < stride; k += 1) {
      re[keep + k] *= scale;
      im[keep + k] *= scale;
      re[drop + k] = 0;
      im[drop + k] = 0;
    }
  }
};

type Branch = { state: StateVector; step: number; shots: number; weight: number; bits: Uint8Array; variables: Float64Array };

const keyOf = (bits: Uint8Array) => {
  let key = "";
  for (let k = bits.length - 1; k >= 0; k -= 1) key += bits[k] === 1 ? "1" : "0";
  return key;
};

/** Runs a dynamic circuit (`c.program`) by shot branching. */
export const runBranching = (c: Circuit, options: BranchOptions): BranchResult => {
  if (!c.program) throw new Error("runBranching needs a dynamic circuit");
  const steps = group(c.program);
  const size = 2 ** c.qubits;
  const stateBytes = size * BYTES_PER_AMPLITUDE;
  const exactMode = options.exactBranches !== undefined;
  const counts = new Map<string, number>();
  const exact = new Map<string, number>();
  let work = 0;
  let finished = 0;
  const addWork = (gates: number, amplitudes = size) => {
    work += gates * amplitudes;
    if (work > options.maxWork) {
      throw new SimulatorLimitError("maxWork", options.maxWork, work, { qubits: c.qubits }, `following every measurement outcome is more work than ${options.maxWork} (maxWork, gates × 2^qubits over all branches)`);
    }
  };
  const classicalWork = Math.max(size, CLASSICAL_STEP_WORK);
  const waiting: Branch[] = [
    { state: zeroState(c.qubits, options.maxQubits), step: 0, shots: options.shots, weight: 1, bits: new Uint8Array(c.clbits), variables: new Float64Array(c.variables ?? 0) },
  ];
  const runBranch = (branch: Branch) => {
    const { state, bits, variables } = branch;
    for (; branch.step < steps.length; branch.step += 1) {
      const step = steps[branch.step];
      if (step.kind === "gates") {
        addWork(step.ops.length);
        applyFused(state, step.ops);
        continue;
      }
      if (!allHold(step.when, bits, variables)) continue;
      if (step.kind === "jump") {
        addWork(1, classicalWork);
        branch.step = step.to - 1;
        continue;
      }
      if (step.kind === "set") {
        addWork(1, classicalWork);
        variables[step.slot] = evaluateClassical(step.value, bits, variables);
        continue;
      }
      if (step.kind === "write") {
        addWork(1, classicalWork);
        let value = evaluateClassical(step.value, bits, variables);
        for (const clbit of step.clbits) {
          bits[clbit] = value % 2 === 0 ? 0 : 1;
          value = Math.floor(value / 2);
        }
        continue;
      }
      if (step.kind === "gate") {
        addWork(1);
        applyGate(state, step.op);
        continue;
      }
      addWork(1);
      const masses = outcomeMasses(state, step.qubit);
      const p1 = masses.zero + masses.one > 0 ? masses.one / (masses.zero + masses.one) : 0;
      let ones: number;
      let zeros: number;
      if (exactMode) {
        // Both outcomes carry their probability; an outcome of (numerically) zero probability ends.
        ones = p1 > 1e-12 ? 1 : 0;
        zeros = 1 - p1 > 1e-12 ? 1 : 0;
      } else {
        ones = binomial(options.rng, branch.shots, p1);
        zeros = branch.shots - ones;
      }
      const record = (target: Branch, outcome: 0 | 1) => {
        if (step.kind === "measure") target.bits[step.clbit] = outcome;
        else if (outcome === 1) applyX(target.state, step.qubit);
      };
      if (ones > 0 && zeros > 0) {
        if (exactMode && finished + waiting.length + 1 >= options.exactBranches!) {
          throw new SimulatorLimitError("exactBranches", options.exactBranches!, finished + waiting.length + 1, { qubits: c.qubits }, `the exact distribution has more than ${options.exactBranches} branches`);
        }
        if ((waiting.length + 2) * stateBytes > options.maxBytes || stateBytes > freemem() / 2) {
          throw new SimulatorMemoryError(c.qubits, stateBytes, Math.floor(options.maxBytes / stateBytes));
        }
        const other: Branch = {
          state: copyState(state),
          step: branch.step + 1,
          shots: exactMode ? 0 : ones,
          weight: branch.weight * p1,
          bits: bits.slice(),
          variables: variables.slice(),
        };
        collapse(other.state, step.qubit, 1, masses.one);
        record(other, 1);
        if (exactMode && other.weight < NEGLIGIBLE_WEIGHT) releaseState(other.state);
        else waiting.push(other);
        collapse(state, step.qubit, 0, masses.zero);
        record(branch, 0);
        branch.shots = exactMode ? 0 : zeros;
        branch.weight *= 1 - p1;
        if (exactMode && branch.weight < NEGLIGIBLE_WEIGHT) return;
      } else {
        const outcome = ones > 0 ? 1 : 0;
        collapse(state, step.qubit, outcome, outcome === 1 ? masses.one : masses.zero);
        record(branch, outcome);
      }
    }
    finished += 1;
    const key = keyOf(bits);
    if (exactMode) exact.set(key, (exact.get(key) ?? 0) + branch.weight);
    else counts.set(key, (counts.get(key) ?? 0) + branch.shots);
  };
  let running: Branch | undefined;
  try {
    while (waiting.length > 0) {
      running = waiting.pop()!;
      runBranch(running);
      releaseState(running.state);
      running = undefined;
    }
  } finally {
    // Stopped by an error: the registers of the branch that was running and of those waiting.
    if (running) releaseState(running.state);
    for (const branch of waiting) releaseState(branch.state);
  }
  return { counts, branches: finished, ...(exactMode ? { exact } : {}) };
};

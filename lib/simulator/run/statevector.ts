// Registers as a run uses them: the size check that comes before any allocation (too many qubits
// for the caller's limit, or too little free memory: the engine's errors, errors.ts), |0…0⟩,
// copies, and what is read off a state.
import { freemem } from "node:os";
import { SimulatorLimitError, SimulatorMemoryError } from "../errors";
import { BYTES_PER_AMPLITUDE, MAX_QUBITS, SMALL_REGISTER_BYTES, allocateState, type StateVector } from "../memory/registers";
import { sharesState } from "../threads/settings";

/**
 * Throws when n qubits cannot be simulated here: not a whole number of at least 0 (a program of
 * only classical steps has none: its one amplitude is |⟩), more than `maxQubits` (the
 * caller's limit; at most MAX_QUBITS), or more than half the free memory.
 */
export const checkQubits = (qubits: number, maxQubits = MAX_QUBITS) => {
  const circuit = { qubits };
  if (!Number.isInteger(qubits) || qubits < 0) throw new SimulatorLimitError("minQubits", 0, qubits, circuit, `a circuit's qubits are a whole number of at least 0; it has ${qubits}`);
  const max = Math.min(maxQubits, MAX_QUBITS);
  if (qubits > max) throw new SimulatorLimitError("maxQubits", max, qubits, circuit, `${qubits} qubits are more than ${max} (maxQubits)`);
  const bytes = 2 ** qubits * BYTES_PER_AMPLITUDE;
  // Keep half of what the machine has free for everything else. Registers under 1 MiB skip the
  // look: reading the free memory (/proc/meminfo) took 10–15 µs, more than a gate on 12 qubits.
  if (bytes >= SMALL_REGISTER_BYTES && bytes > freemem() / 2) throw new SimulatorMemoryError(qubits, bytes);
};

/** |0…0⟩ on `qubits` qubits, after the size check. */
export const zeroState = (qubits: number, maxQubits?: number): StateVector => {
  checkQubits(qubits, maxQubits);
  // Large registers live in shared memory, so that helper threads can run passes on them.
  const state = allocateState(qubits, sharesState(qubits));
  state.re[0] = 1;
  return state;
};

/** A copy of the state in a buffer of its own (shared when the original is). */
export const copyState = (state: StateVector): StateVector => {
  const copy = allocateState(state.qubits, state.re.buffer instanceof SharedArrayBuffer);
  copy.re.set(state.re);
  copy.im.set(state.im);
  return copy;
};

/** Σ|amplitude|², 1 for a valid state. */
export const norm = (state: StateVector) => {
  let sum = 0;
  for (let i = 0; i < state.re.length; i += 1) sum += state.re[i] * state.re[i] + state.im[i] * state.im[i];
  return sum;
};

/** The probability of each basis state (a new array of 2^n numbers). */
export const probabilities = (state: StateVector): Float64Array => {
  const result = new Float64Array(state.re.length);
  for (let i = 0; i < result.length; i += 1) result[i] = state.re[i] * state.re[i] + state.im[i] * state.im[i];
  return result;
};

/** The bitstring of basis state `index` on n qubits, qubit 0 rightmost. */
export const bitstring = (index: number, qubits: number) => index.toString(2).padStart(qubits, "0");

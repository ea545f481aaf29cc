// Outcomes as numbers until the end. A measured outcome is a classical bitstring (bit 0
// rightmost); here it is first an integer key whose ascending order is the bitstrings' order, so
// that counting, aggregating and choosing the most frequent outcomes work on typed arrays, and a
// string is built only for the outcomes an answer actually holds.
import type { StateVector } from "../memory/registers";
import type { Circuit } from "../passes/circuit";
import type { IndexCounts } from "./sample";

/**
 * How a basis-state index becomes an outcome. `keyOf(index)` is an integer below 2^width whose
 * order is the order of the bitstrings; `bits(key)` is the bitstring (clbits characters).
 */
export type OutcomeCoder = { width: number; identity: boolean; keyOf: (index: number) => number; bits: (key: number) => string };

/**
 * The coder of a static circuit's final measurements. Bit b takes the value of the last qubit
 * measured into it; a bit nobody measures into reads 0. Two bitstrings first differ at the
 * highest bit where some qubit is written for the first time (reading from the left), so ranking
 * the measured qubits by the highest bit each one writes gives a key of at most `qubits` bits
 * with the bitstrings' order, however many classical bits the circuit declares.
 */
export const outcomeCoder = (c: Circuit): OutcomeCoder => {
  const writer = new Int32Array(c.clbits).fill(-1);
  for (const m of c.measurements) writer[m.clbit] = m.qubit;
  const identity = c.clbits === c.qubits && writer.every((qubit, clbit) => qubit === clbit);
  if (identity) return { width: c.qubits, identity, keyOf: (index) => index, bits: (key) => key.toString(2).padStart(c.qubits, "0") };
  // Rank 0 is the measured qubit whose highest written bit is lowest.
  const rankOf = new Map<number, number>();
  const order: number[] = [];
  for (let clbit = c.clbits - 1; clbit >= 0; clbit -= 1) {
    const qubit = writer[clbit];
    if (qubit >= 0 && !rankOf.has(qubit)) {
      rankOf.set(qubit, -1);
      order.push(qubit);
    }
  }
  order.reverse().forEach((qubit, rank) => rankOf.set(qubit, rank));
  const width = order.length;
  // Per classical bit, from the left: the rank whose bit it shows, or -1 for a constant 0.
  const shown = Array.from({ length: c.clbits }, (_, k) => {
    const qubit = writer[c.clbits - 1 - k];
    return qubit >= 0 ? rankOf.get(qubit)! : -1;
  });
  // Registers are at most 30 qubits, so indices and keys fit 32-bit integer operations.
  return {
    width,
    identity,
    keyOf: (index) => {
      let key = 0;
      for (let rank = 0; rank < width; rank += 1) key |= ((index >>> order[rank]) & 1) << rank;
      return key;
    },
    bits: (key) => {
      let text = "";
      for (const rank of shown) text += rank >= 0 && ((key >>> rank) & 1) === 1 ? "1" : "0";
      return text;
    },
  };
};

/** Values per outcome key: `keys[j]` has `values[j]`, j < size, keys ascending. */
export type Tally = { keys: Uint32Array; values: Float64Array; size: number };

// Sums values per key over a dense array of 2^width slots, then keeps the non-zero ones in order.
const compact = (dense: Float64Array, keep: (value: number) => boolean): Tally => {
  let size = 0;
  for (let key = 0; key < dense.length; key += 1) if (keep(dense[key])) size += 1;
  const keys = new Uint32Array(size);
  const values = new Float64Array(size);
  let j = 0;
  for (let key = 0; key < dense.length; key += 1) {
    if (!keep(dense[key])) continue;
    keys[j] = key;
    values[j] = dense[key];
    j += 1;
  }
  return { keys, values, size };
};

/** Shots per outcome, from shots per basis state. */
export const tallyCounts = (sampled: IndexCounts, coder: OutcomeCoder): Tally => {
  if (coder.identity) return { keys: sampled.indices, values: sampled.counts, size: sampled.size };
  const dense = new Float64Array(2 ** coder.width);
  for (let j = 0; j < sampled.size; j += 1) dense[coder.keyOf(sampled.indices[j])] += sampled.counts[j];
  return compact(dense, (count) => count > 0);
};

/** Probability per outcome, from the statevector (basis states below 1e-15 are left out). */
export const tallyExact = (state: StateVector, coder: OutcomeCoder): Tally => {
  const { re, im } = state;
  const dense = new Float64Array(2 ** coder.width);
  const seen = new Uint8Array(dense.length);
  for (let i = 0; i < re.length; i += 1) {
    const p = re[i] * re[i] + im[i] * im[i];
    if (p > 1e-15) {
      const key = coder.keyOf(i);
      dense[key] += p;
      seen[key] = 1;
    }
  }
  let size = 0;
  for (let key = 0; key < dense.length; key += 1) size += seen[key];
  const keys = new Uint32Array(size);
  const values = new Float64Array(size);
  let j = 0;
  for (let key = 0; key < dense.length; key += 1) {
    if (seen[key] === 0) continue;
    keys[j] = key;
    values[j] = dense[key];
    j += 1;
  }
  return { keys, values, size };
};

/**
 * The `k`-th largest of `values[0..size)` and how many values are larger. Whole counts up to a
 * few times `size` are found by counting how often each count occurs (linear); other values by
 * sorting a copy.
 */
const kthLargest = (values: Float64Array, size: number, k: number, knownWhole: boolean): { threshold: number; above: number } => {
  let max = 0;
  let whole = true;
  for (let j = 0; j < size; j += 1) {
    const value = values[j];
    if (value > max) max = value;
    if (!knownWhole && whole && !Number.isInteger(value)) whole = false;
  }
  if (whole && max <= 4 * size + 1024) {
    const frequency = new Uint32Array(max + 1);
    for (let j = 0; j < size; j += 1) frequency[values[j]] += 1;
    let seen = 0;
    for (let value = max; value >= 0; value -= 1) {
      if (seen + frequency[value] >= k) return { threshold: value, above: seen };
      seen += frequency[value];
    }
    return { threshold: 0, above: seen };
  }
  const sorted = values.slice(0, size).sort();
  const threshold = sorted[size - k];
  let above = 0;
  for (let j = size - 1; j >= 0 && sorted[j] > threshold; j -= 1) above += 1;
  return { threshold, above };
};

/**
 * The positions (ascending, so in bitstring order) of the `k` largest values; among equal values
 * the smaller key (the smaller bitstring) is kept. `whole`: the values are known to be whole
 * counts (shots), which skips checking them.
 */
export const topPositions = (tally: Tally, k: number, whole = false): Uint32Array => {
  const { values, size } = tally;
  if (size <= k) return Uint32Array.from({ length: size }, (_, j) => j);
  const { threshold, above } = kthLargest(values, size, k, whole);
  let equalLeft = k - above;
  const positions = new Uint32Array(k);
  let n = 0;
  for (let j = 0; j < size && n < k; j += 1) {
    const value = values[j];
    if (value > threshold || (value === threshold && equalLeft-- > 0)) positions[n++] = j;
  }
  return positions;
};

/** The tally (or the chosen positions of it) as a record keyed by bitstring, in bitstring order. */
export const tallyRecord = (tally: Tally, coder: OutcomeCoder, positions?: Uint32Array): Record<string, number> => {
  const record: Record<string, number> = {};
  const count = positions ? positions.length : tally.size;
  for (let n = 0; n < count; n += 1) {
    const j = positions ? positions[n] : n;
    record[coder.bits(tally.keys[j])] = tally.values[j];
  }
  return record;
};

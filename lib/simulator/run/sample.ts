// Shots from a statevector: one multinomial draw, as sequential binomials over the basis states
// in index order. Basis state i gets Binomial(shots left, p_i / probability left). The cost is
// O(2^n) whatever the number of shots; no per-shot random numbers. The counts come back in typed
// arrays, in ascending index order, so that nothing per outcome (a Map entry, a string) is built
// before the caller knows which outcomes it will answer.
import { binomial } from "./binomial";
import type { Rng } from "./random";
import type { StateVector } from "../memory/registers";

/** Counts per basis-state index: `indices[j]` occurred `counts[j]` times, j < size, indices ascending. */
export type IndexCounts = { indices: Uint32Array; counts: Float64Array; size: number };

/** The multinomial draw of `shots` over the state's basis states, as typed arrays. */
export const sampleIndexCounts = (state: StateVector, shots: number, rng: Rng): IndexCounts => {
  const { re, im } = state;
  const length = re.length;
  let total = 0;
  let last = 0;
  let nonZero = 0;
  for (let i = 0; i < length; i += 1) {
    const p = re[i] * re[i] + im[i] * im[i];
    total += p;
    if (p > 0) {
      last = i;
      nonZero += 1;
    }
  }
  const capacity = Math.max(1, Math.min(shots, nonZero));
  const indices = new Uint32Array(capacity);
  const counts = new Float64Array(capacity);
  let size = 0;
  let left = shots;
  let probabilityLeft = total;
  for (let i = 0; i < length && left > 0; i += 1) {
    const p = re[i] * re[i] + im[i] * im[i];
    if (p === 0) continue;
    // The last state that can occur takes what is left, so rounding never loses a shot.
    const k = i === last || p >= probabilityLeft ? left : binomial(rng, left, p / probabilityLeft);
    if (k > 0) {
      indices[size] = i;
      counts[size] = k;
      size += 1;
    }
    left -= k;
    probabilityLeft -= p;
  }
  return { indices, counts, size };
};

/** Counts per basis-state index (only the states that occurred), as a Map. */
export const sampleCounts = (state: StateVector, shots: number, rng: Rng): Map<number, number> => {
  const { indices, counts, size } = sampleIndexCounts(state, shots, rng);
  const result = new Map<number, number>();
  for (let j = 0; j < size; j += 1) result.set(indices[j], counts[j]);
  return result;
};

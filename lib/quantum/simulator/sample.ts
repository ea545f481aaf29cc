// Shots from a statevector: one multinomial draw, as sequential binomials over the basis states
// in index order. Basis state i gets Binomial(shots left, p_i / probability left). The cost is
// O(2^n) whatever the number of shots; no per-shot random numbers.
import { binomial } from "./binomial";
import type { Rng } from "./random";
import type { StateVector } from "./statevector";

/** Counts per basis-state index (only the states that occurred). */
export const sampleCounts = (state: StateVector, shots: number, rng: Rng): Map<number, number> => {
  const { re, im } = state;
  const size = re.length;
  let total = 0;
  let last = 0;
  for (let i = 0; i < size; i += 1) {
    const p = re[i] * re[i] + im[i] * im[i];
    total += p;
    if (p > 0) last = i;
  }
  const counts = new Map<number, number>();
  let left = shots;
  let probabilityLeft = total;
  for (let i = 0; i < size && left > 0; i += 1) {
    const p = re[i] * re[i] + im[i] * im[i];
    if (p === 0) continue;
    // The last state that can occur takes what is left, so rounding never loses a shot.
    const k = i === last || p >= probabilityLeft ? left : binomial(rng, left, p / probabilityLeft);
    if (k > 0) counts.set(i, k);
    left -= k;
    probabilityLeft -= p;
  }
  return counts;
};

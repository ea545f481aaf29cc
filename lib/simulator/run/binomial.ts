// Binomial variates in O(1) expected time whatever n: inversion when the mean is small, else
// Hörmann's BTRS (transformed rejection with squeeze, 1993), the method NumPy-style libraries use.
// The multinomial draw of the shots is a sequence of these, one per basis state.
import type { Rng } from "./random";

// log(k!) − [(k + ½)·log(k + 1) − (k + 1) + ½·log(2π)], the error of Stirling's formula.
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
const SMALL_TAILS = (() => {
  const tails: number[] = [];
  let logFactorial = 0;
  for (let k = 0; k <= 9; k += 1) {
    if (k > 0) logFactorial += Math.log(k);
    tails.push(logFactorial - ((k + 0.5) * Math.log(k + 1) - (k + 1) + HALF_LOG_TWO_PI));
  }
  return tails;
})();

const stirlingTail = (k: number) => {
  if (k <= 9) return SMALL_TAILS[k];
  const kp1 = k + 1;
  const kp1sq = kp1 * kp1;
  return (1 / 12 - (1 / 360 - 1 / 1260 / kp1sq) / kp1sq) / kp1;
};

const inversion = (rng: Rng, n: number, p: number) => {
  const q = 1 - p;
  const s = p / q;
  const a = (n + 1) * s;
  let r = Math.exp(n * Math.log1p(-p));
  let u = rng.next();
  let x = 0;
  while (u > r) {
    u -= r;
    x += 1;
    if (x >= n) return n;
    r *= a / x - s;
    if (r <= 0) return x; // rounding ate the tail
  }
  return x;
};

const btrs = (rng: Rng, n: number, p: number) => {
  const q = 1 - p;
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const r = p / q;
  const alpha = (2.83 + 5.1 / b) * spq;
  const m = Math.floor((n + 1) * p);
  for (;;) {
    const u = rng.next() - 0.5;
    let v = rng.next();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    if (us >= 0.07 && v <= vr) return k;
    v = Math.log((v * alpha) / (a / (us * us) + b));
    const bound =
      (m + 0.5) * Math.log((m + 1) / (r * (n - m + 1))) +
      (n + 1) * Math.log((n - m + 1) / (n - k + 1)) +
      (k + 0.5) * Math.log((r * (n - k + 1)) / (k + 1)) +
      stirlingTail(m) +
      stirlingTail(n - m) -
      stirlingTail(k) -
      stirlingTail(n - k);
    if (v <= bound) return k;
  }
};

/** One draw from Binomial(n, p). */
export const binomial = (rng: Rng, n: number, p: number): number => {
  if (n <= 0 || !(p > 0)) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  return n * p < 10 ? inversion(rng, n, p) : btrs(rng, n, p);
};

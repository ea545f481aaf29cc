// The sampler's speed work must not change a single count: a seed gives the same shots in every
// version (users keep seeds to repeat a result). The generator, the binomial draws and the
// multinomial draw as they were before that work are copied below as the reference, and the
// current code is compared with them exactly (counts, indices, and the generator's state after
// the draw) over many seeds, shot counts and distributions. What this cannot see: a change of
// rounding deep in a draw (a re-associated sum in BTRS's acceptance test, a reciprocal multiplied
// instead of divided) moves a count only when a uniform lands within an ulp or so of a boundary,
// which no affordable number of draws here will hit. Such changes still break "every seed", so the
// arithmetic has to stay as written; the comparisons catch changed formulas and changed use of the
// generator.
import { describe, expect, it } from "vitest";
import { splitmix32 } from "../../lib/core/mix";
import { Rng, binomial, circuit, evolve, gate, sampleIndexCounts, type GateOp, type StateVector } from "../../lib/simulator";

// ---- The reference: lib/simulator/{random,binomial,sample}.ts before the speed work ----

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

class ReferenceRng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(readonly seed: number) {
    const low = seed % 0x1_0000_0000;
    const high = Math.floor(seed / 0x1_0000_0000);
    const mixLow = splitmix32(low);
    const mixHigh = splitmix32(high ^ 0x5bd1e995);
    this.s0 = (mixLow() ^ mixHigh()) >>> 0;
    this.s1 = (mixLow() ^ mixHigh()) >>> 0;
    this.s2 = (mixLow() ^ mixHigh()) >>> 0;
    this.s3 = (mixLow() ^ mixHigh()) >>> 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  uint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  next(): number {
    return ((this.uint32() >>> 5) * 67108864 + (this.uint32() >>> 6)) / 9007199254740992;
  }
}

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

const referenceInversion = (rng: ReferenceRng, n: number, p: number) => {
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
    if (r <= 0) return x;
  }
  return x;
};

const referenceBtrs = (rng: ReferenceRng, n: number, p: number) => {
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

const referenceBinomial = (rng: ReferenceRng, n: number, p: number): number => {
  if (n <= 0 || !(p > 0)) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - referenceBinomial(rng, n, 1 - p);
  return n * p < 10 ? referenceInversion(rng, n, p) : referenceBtrs(rng, n, p);
};

const referenceSample = (state: StateVector, shots: number, rng: ReferenceRng) => {
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
    const k = i === last || p >= probabilityLeft ? left : referenceBinomial(rng, left, p / probabilityLeft);
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

// ---- The cases ----

const SHOTS = [1, 2, 10, 1_000, 100_000, 1_000_000];
// Small and large seeds, both halves of the 53-bit range, and seed 0.
const SEEDS = [0, 1, 2, 3, 7, 42, 1234, 99_991, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 5, 2 ** 52 + 3, Number.MAX_SAFE_INTEGER];

const fromProbabilities = (probabilities: ArrayLike<number>): StateVector => {
  const re = Float64Array.from(probabilities, Math.sqrt);
  return { qubits: Math.log2(re.length), re, im: new Float64Array(re.length) };
};

// Complex amplitudes with no normalisation at all: the sampler divides by what the state sums to.
const unnormalised = (qubits: number, seed: number, scale: number): StateVector => {
  const rng = new ReferenceRng(seed);
  const re = new Float64Array(2 ** qubits);
  const im = new Float64Array(2 ** qubits);
  for (let i = 0; i < re.length; i += 1) {
    re[i] = (rng.next() - 0.5) * scale;
    im[i] = (rng.next() - 0.5) * scale;
  }
  return { qubits, re, im };
};

const ryLayers = (qubits: number, depth: number, seed: number): GateOp[] => {
  const rng = new ReferenceRng(seed);
  const ops: GateOp[] = [];
  for (let layer = 0; layer < depth; layer += 1) {
    for (let q = 0; q < qubits; q += 1) ops.push(gate("ry", [q], [rng.next() * Math.PI]));
    for (let q = layer % 2; q + 1 < qubits; q += 2) ops.push(gate("cx", [q, q + 1]));
  }
  return ops;
};

const cases = (): [string, StateVector][] => {
  const list: [string, StateVector][] = [];
  for (const qubits of [1, 5, 10]) list.push([`uniform over ${qubits} qubits`, fromProbabilities(new Float64Array(2 ** qubits).fill(2 ** -qubits))]);
  // One outcome holds almost everything (its draw takes the n − Binomial(n, 1 − p) branch).
  const peaked = new Float64Array(2 ** 8).fill(0.001 / 255);
  peaked[37] = 0.999;
  list.push(["peaked", fromProbabilities(peaked)]);
  // Geometric: means from huge to far below one shot, both draw methods in one pass.
  list.push(["geometric", fromProbabilities(Float64Array.from({ length: 64 }, (_, i) => 2 ** -(i + 1)))]);
  // Sparse: five possible states of 4,096, the last one not at the end.
  const sparse = new Float64Array(2 ** 12);
  for (const [index, p] of [[3, 0.4], [700, 0.25], [701, 0.05], [2048, 0.2], [3000, 0.1]]) sparse[index] = p;
  list.push(["sparse", fromProbabilities(sparse)]);
  list.push(["a single possible state", fromProbabilities(Float64Array.from({ length: 16 }, (_, i) => (i === 9 ? 1 : 0)))]);
  // Zeros scattered, at both ends, and probabilities too small to matter or to be represented.
  const zeros = new Float64Array(2 ** 10);
  const pick = new ReferenceRng(5);
  for (let i = 1; i < zeros.length - 3; i += 1) if (pick.next() < 0.5) zeros[i] = pick.next();
  const zerosState = fromProbabilities(zeros);
  zerosState.re[2] = 1e-155; // p ≈ 1e-310, a subnormal probability
  zerosState.re[4] = 1e-170; // p underflows to 0: an impossible state
  list.push(["with zeros and tiny probabilities", zerosState]);
  // Probabilities that do not sum to 1, over and under, and a normalised state off by rounding.
  list.push(["unnormalised, sum ≈ 1.6", unnormalised(9, 11, 2.2)]);
  list.push(["unnormalised, sum ≈ 0.0003", unnormalised(6, 12, 0.05)]);
  list.push(["0.1/1024 each over 8,192 states (sum 0.8, with rounding)", fromProbabilities(new Float64Array(8192).fill(0.1 / 1024))]);
  for (const qubits of [3, 6, 9, 12]) {
    for (const depth of [1, 2, 3]) list.push([`ry layers ×${depth}, ${qubits} qubits`, evolve(circuit(qubits, ryLayers(qubits, depth, 100 * qubits + depth)))]);
  }
  return list;
};

describe("the sampler after its speed work", () => {
  it("gives the reference generator's words and doubles for every seed", () => {
    for (const seed of SEEDS) {
      // Mixed calls: next() must leave the state where two uint32() calls would.
      const stream = (rng: Rng | ReferenceRng) => Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? rng.uint32() : rng.next()));
      expect(stream(new Rng(seed)), `seed ${seed}`).toEqual(stream(new ReferenceRng(seed)));
    }
  });

  it("draws the reference binomials, consuming the same random numbers", () => {
    const ns = [1, 2, 9, 10, 11, 50, 999, 1_000, 12_345, 1_000_000, 2 ** 31 + 11];
    const ps = [1e-300, 1e-9, 1e-4, 0.003, 0.01, 0.1, 0.25, 0.4999, 0.5, 0.5001, 0.75, 0.99, 1 - 1e-12, 1];
    for (const seed of SEEDS.slice(0, 6)) {
      const current = new Rng(seed);
      const reference = new ReferenceRng(seed);
      for (const n of ns) for (const p of ps) expect(binomial(current, n, p)).toBe(referenceBinomial(reference, n, p));
      expect(current.next()).toBe(reference.next());
    }
  });

  it("gives the reference counts for every seed, shot count and distribution, and leaves the generator where it did", () => {
    const all = cases();
    let compared = 0;
    for (const [name, state] of all) {
      for (const shots of SHOTS) {
        for (const seed of SEEDS) {
          const current = new Rng(seed);
          const reference = new ReferenceRng(seed);
          const got = sampleIndexCounts(state, shots, current);
          const expected = referenceSample(state, shots, reference);
          const where = `${name}, ${shots} shots, seed ${seed}`;
          expect(got.size, where).toBe(expected.size);
          expect(Array.from(got.indices.subarray(0, got.size)), where).toEqual(Array.from(expected.indices.subarray(0, expected.size)));
          expect(Array.from(got.counts.subarray(0, got.size)), where).toEqual(Array.from(expected.counts.subarray(0, expected.size)));
          expect(current.next(), where).toBe(reference.next());
          compared += 1;
        }
      }
    }
    expect(compared).toBe(all.length * SHOTS.length * SEEDS.length);
  });

  it("keeps the counts recorded from the reference code when it was copied", () => {
    // A state built without the simulator's kernels, so that only the sampler can move these.
    const state = unnormalised(12, 17, 1);
    const digests = [1_000, 1_000_000].map((shots) => {
      const drawn = sampleIndexCounts(state, shots, new Rng(2026));
      let digest = 0;
      for (let j = 0; j < drawn.size; j += 1) digest = (Math.imul(digest, 31) + drawn.indices[j] * 1_000_003 + drawn.counts[j]) | 0;
      return [drawn.size, digest, Array.from(drawn.counts.subarray(0, 4))];
    });
    expect(digests).toEqual([
      [854, -1777007652, [3, 1, 1, 1]],
      [4088, 193698729, [229, 163, 592, 174]],
    ]);
  });
});

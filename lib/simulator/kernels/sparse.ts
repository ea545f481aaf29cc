// States that stay sparse: a GHZ state has 2 nonzero amplitudes whatever n, a circuit of X/CX/SWAP
// on |0…0⟩ one, the first half of a QFT of a basis state few, and qubits a circuit never touches
// stay |0⟩. Such a state is kept as parallel arrays (basis index, re, im) of its nonzero
// amplitudes; passes run on those entries until they pass a density threshold, then the state
// becomes a dense statevector and the remaining passes run on that. Permutations (X, SWAP, their
// controlled forms) only rewrite indices and diagonal passes only multiply, both in place; a
// general 2×2 matrix pairs each entry with its partner through an index → entry map.
import { PassKind, type Pass } from "../passes/pass";
import { phaseRunFactor } from "./diagonal";

export type SparseState = { qubits: number; index: number[]; re: number[]; im: number[] };

/**
 * Entries past which a state is no longer worth keeping sparse: 1/128 of the basis (an entry of a
 * general matrix pass costs map look-ups, some 50–100 times a dense amplitude).
 */
export const sparseLimit = (qubits: number) => Math.max(4, 2 ** qubits / 128);

export const basisState = (qubits: number): SparseState => ({ qubits, index: [0], re: [1], im: [0] });

const applyMatrixSparse = (s: SparseState, p: Pass) => {
  const [ar, ai, br, bi, cr, ci, dr, di] = p.m;
  const bit = 1 << p.a;
  const where = new Map<number, number>();
  for (let k = 0; k < s.index.length; k += 1) where.set(s.index[k], k);
  const index: number[] = [];
  const re: number[] = [];
  const im: number[] = [];
  const push = (i: number, r: number, m: number) => {
    if (r === 0 && m === 0) return;
    index.push(i);
    re.push(r);
    im.push(m);
  };
  for (let k = 0; k < s.index.length; k += 1) {
    const i = s.index[k];
    if ((i & p.controls) !== p.controls) {
      push(i, s.re[k], s.im[k]);
      continue;
    }
    // A pair is computed once, from its 0 side when that side is present.
    if ((i & bit) !== 0 && where.has(i ^ bit)) continue;
    const i0 = i & ~bit;
    const i1 = i0 | bit;
    const k0 = where.get(i0);
    const k1 = where.get(i1);
    const xr = k0 === undefined ? 0 : s.re[k0];
    const xi = k0 === undefined ? 0 : s.im[k0];
    const yr = k1 === undefined ? 0 : s.re[k1];
    const yi = k1 === undefined ? 0 : s.im[k1];
    push(i0, ar * xr - ai * xi + br * yr - bi * yi, ar * xi + ai * xr + br * yi + bi * yr);
    push(i1, cr * xr - ci * xi + dr * yr - di * yi, cr * xi + ci * xr + dr * yi + di * yr);
  }
  s.index = index;
  s.re = re;
  s.im = im;
};

const scale = (s: SparseState, k: number, r: number, m: number) => {
  const xr = s.re[k];
  const xi = s.im[k];
  s.re[k] = r * xr - m * xi;
  s.im[k] = r * xi + m * xr;
};

/** Applies one pass to a sparse state in place. */
export const applySparse = (s: SparseState, p: Pass): void => {
  const { kind, controls, m } = p;
  const bitA = 1 << p.a;
  const bitB = p.b >= 0 ? 1 << p.b : 0;
  const n = s.index.length;
  switch (kind) {
    case PassKind.x:
      for (let k = 0; k < n; k += 1) if ((s.index[k] & controls) === controls) s.index[k] ^= bitA;
      return;
    case PassKind.swap:
      for (let k = 0; k < n; k += 1) {
        const i = s.index[k];
        if ((i & controls) === controls && ((i & bitA) === 0) !== ((i & bitB) === 0)) s.index[k] = i ^ bitA ^ bitB;
      }
      return;
    case PassKind.diagonal:
    case PassKind.phase:
      for (let k = 0; k < n; k += 1) {
        const i = s.index[k];
        if ((i & controls) !== controls) continue;
        if ((i & bitA) !== 0) scale(s, k, m[6], m[7]);
        else if (kind === PassKind.diagonal) scale(s, k, m[0], m[1]);
      }
      return;
    case PassKind.phaseRun:
      for (let k = 0; k < n; k += 1) {
        if ((s.index[k] & bitA) === 0) continue;
        const [fr, fi] = phaseRunFactor(p, s.index[k]);
        scale(s, k, fr, fi);
      }
      return;
    case PassKind.zz:
      for (let k = 0; k < n; k += 1) {
        const i = s.index[k];
        scale(s, k, m[0], ((i & bitA) === 0) !== ((i & bitB) === 0) ? m[1] : -m[1]);
      }
      return;
    default:
      applyMatrixSparse(s, p);
  }
};

/**
 * How many of the lowest qubits the state's entries reach: every amplitude from 2^reach(s) up is
 * zero (run/run.ts runs the next passes on the first 2^reach amplitudes while they stay there).
 */
export const reach = (s: SparseState) => {
  let bits = 0;
  for (let k = 0; k < s.index.length; k += 1) bits |= s.index[k];
  return 32 - Math.clz32(bits);
};

/**
 * From this many entries a state that fills a quarter of the amplitudes below its reach goes
 * dense: the passes then run on that prefix (run/run.ts) at a dense amplitude's cost, where an
 * entry costs some 50–100 times that.
 */
const PREFIX_MIN_ENTRIES = 64;

/**
 * Runs passes on the sparse state while it stays under the density limit, and while its entries
 * do not fill a quarter of the amplitudes below its reach. Returns how many ran; the rest need the
 * dense state.
 */
export const runSparse = (s: SparseState, passes: readonly Pass[]): number => {
  const limit = sparseLimit(s.qubits);
  let done = 0;
  for (; done < passes.length; done += 1) {
    if (s.index.length > limit) break;
    if (s.index.length >= PREFIX_MIN_ENTRIES && s.index.length * 4 >= 2 ** reach(s)) break;
    // A general matrix at most doubles the entries; past the limit the dense state is cheaper.
    applySparse(s, passes[done]);
  }
  return done;
};

/** Writes the sparse state's amplitudes into dense arrays (all zero before). */
export const densify = (s: SparseState, re: Float64Array, im: Float64Array) => {
  for (let k = 0; k < s.index.length; k += 1) {
    re[s.index[k]] = s.re[k];
    im[s.index[k]] = s.im[k];
  }
};

// In-place gate kernels over the split statevector. A 2×2 matrix is [a, b; c, d] given as eight
// numbers (re, im of a, b, c, d). `controls` is a bit mask: the gate acts only on basis states
// whose control bits are all 1. Loops walk blocks of pairs (i, i + 2^target); a block shares the
// bits above the target, so a control there that is 0 skips the block whole.
import type { StateVector } from "./statevector";

export type Matrix2 = readonly [number, number, number, number, number, number, number, number];

type PairVisitor = (i: number, j: number) => void;

// Control bits above the target are checked once per block, those below once per pair.
const masks = (target: number, controls: number) => {
  const stride = 1 << target;
  return { stride, high: controls & ~(2 * stride - 1), low: controls & (stride - 1) };
};

// The arithmetic kernels below (general, real and diagonal matrices) each repeat the same
// block/pair walk on purpose: written once with the arithmetic passed in as a callback, as
// forEachPair does for the plain swaps of X and SWAP, they measured about twice as slow in V8.
// Keep their loops repeated.
export const applyMatrix = (state: StateVector, target: number, m: Matrix2, controls = 0) => {
  const [ar, ai, br, bi, cr, ci, dr, di] = m;
  if (ai === 0 && bi === 0 && ci === 0 && di === 0) return applyRealMatrix(state, target, ar, br, cr, dr, controls);
  const { re, im } = state;
  const { stride, high, low } = masks(target, controls);
  const size = re.length;
  for (let base = 0; base < size; base += 2 * stride) {
    if ((base & high) !== high) continue;
    for (let i = base, end = base + stride; i < end; i += 1) {
      if ((i & low) !== low) continue;
      const j = i + stride;
      const xr = re[i];
      const xi = im[i];
      const yr = re[j];
      const yi = im[j];
      re[i] = ar * xr - ai * xi + br * yr - bi * yi;
      im[i] = ar * xi + ai * xr + br * yi + bi * yr;
      re[j] = cr * xr - ci * xi + dr * yr - di * yi;
      im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    }
  }
};

// A real matrix (h, ry, x-like rotations' real parts): half the multiplications of the complex one.
const applyRealMatrix = (state: StateVector, target: number, a: number, b: number, c: number, d: number, controls: number) => {
  const { re, im } = state;
  const { stride, high, low } = masks(target, controls);
  const size = re.length;
  for (let base = 0; base < size; base += 2 * stride) {
    if ((base & high) !== high) continue;
    for (let i = base, end = base + stride; i < end; i += 1) {
      if ((i & low) !== low) continue;
      const j = i + stride;
      const xr = re[i];
      const xi = im[i];
      const yr = re[j];
      const yi = im[j];
      re[i] = a * xr + b * yr;
      im[i] = a * xi + b * yi;
      re[j] = c * xr + d * yr;
      im[j] = c * xi + d * yi;
    }
  }
};

/** diag(d0, d1) on the target: a phase per amplitude; d0 = 1 (phase gates) leaves half untouched. */
export const applyDiagonal = (state: StateVector, target: number, d0r: number, d0i: number, d1r: number, d1i: number, controls = 0) => {
  const { re, im } = state;
  const { stride, high, low } = masks(target, controls);
  const touchZero = !(d0r === 1 && d0i === 0);
  const size = re.length;
  for (let base = 0; base < size; base += 2 * stride) {
    if ((base & high) !== high) continue;
    for (let i = base, end = base + stride; i < end; i += 1) {
      if ((i & low) !== low) continue;
      if (touchZero) {
        const xr = re[i];
        const xi = im[i];
        re[i] = d0r * xr - d0i * xi;
        im[i] = d0r * xi + d0i * xr;
      }
      const j = i + stride;
      const yr = re[j];
      const yi = im[j];
      re[j] = d1r * yr - d1i * yi;
      im[j] = d1r * yi + d1i * yr;
    }
  }
};

const forEachPair = (size: number, target: number, controls: number, visit: PairVisitor) => {
  const { stride, high, low } = masks(target, controls);
  for (let base = 0; base < size; base += 2 * stride) {
    if ((base & high) !== high) continue;
    for (let i = base, end = base + stride; i < end; i += 1) if ((i & low) === low) visit(i, i + stride);
  }
};

/** X on the target (controlled: CX, CCX): swaps the paired amplitudes. */
export const applyX = (state: StateVector, target: number, controls = 0) => {
  const { re, im } = state;
  forEachPair(re.length, target, controls, (i, j) => {
    const tr = re[i];
    re[i] = re[j];
    re[j] = tr;
    const ti = im[i];
    im[i] = im[j];
    im[j] = ti;
  });
};

/** SWAP of two qubits (controlled: CSWAP): exchanges the amplitudes of …1…0… and …0…1…. */
export const applySwap = (state: StateVector, a: number, b: number, controls = 0) => {
  const { re, im } = state;
  const bitA = 1 << a;
  const bitB = 1 << b;
  // Pairs along qubit a whose b bit is 0 and controls are 1: i has a = 0, b = 0; swap i + bitA with i + bitB.
  forEachPair(re.length, a, controls, (i) => {
    if ((i & bitB) !== 0) return;
    const x = i + bitA;
    const y = i + bitB;
    const tr = re[x];
    re[x] = re[y];
    re[y] = tr;
    const ti = im[x];
    im[x] = im[y];
    im[y] = ti;
  });
};

/** exp(−iθ/2·Z⊗Z): phase e^{−iθ/2} where the two bits agree, e^{iθ/2} where they differ. */
export const applyZZ = (state: StateVector, a: number, b: number, theta: number) => {
  const { re, im } = state;
  const bitA = 1 << a;
  const bitB = 1 << b;
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  for (let i = 0; i < re.length; i += 1) {
    const differ = ((i & bitA) === 0) !== ((i & bitB) === 0);
    const pi = differ ? s : -s;
    const xr = re[i];
    const xi = im[i];
    re[i] = c * xr - pi * xi;
    im[i] = c * xi + pi * xr;
  }
};

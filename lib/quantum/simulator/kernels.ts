// In-place gate kernels over the split statevector, one written-out loop per kind of pass.
//
// A pass is one sweep over the amplitudes a gate touches. Every kernel walks an index space p in
// [from, to) in which the bits the gate fixes (its target, the control bits) are left out; the
// amplitude index is p with zero bits put back at those positions (i = p + (p & ~(2^t − 1)) puts
// one back at t), the controls ORed in. So a pass is one flat loop with no per-pair callback and no
// blocks to skip, and any sub-range [from, to) of it can run on another thread: the ranges touch
// disjoint amplitudes and every amplitude is computed by the same arithmetic whichever thread
// runs it (bit-for-bit the same result).
//
// A 2×2 matrix is [a, b; c, d] given as eight numbers (re, im of a, b, c, d). `controls` is a bit
// mask: the gate acts only on basis states whose control bits are all 1.
//
// The loops below repeat their index arithmetic on purpose: written once with the arithmetic passed
// in as a callback they measured about twice as slow in V8 (docs/quantum-model.md).
import { PassKind, type Matrix2, type Pass, type PhaseTables } from "./pass-kind";
import type { StateVector } from "./statevector";
import { WASM_MIN_QUBITS, runWasmPass, wasmKernelsFor } from "./wasm-kernels";


export { PassKind, type Matrix2, type Pass, type PhaseTables };


const NO_MATRIX: Matrix2 = [0, 0, 0, 0, 0, 0, 0, 0];

export const pass = (kind: number, a: number, b = -1, controls = 0, m: Matrix2 = NO_MATRIX): Pass => ({ kind, a, b, controls, m });

const popcount = (x: number) => {
  let count = 0;
  for (let v = x; v !== 0; v &= v - 1) count += 1;
  return count;
};

/** The bits a pass leaves out of its index space. */
const fixedBits = (p: Pass) => {
  if (p.kind === PassKind.zz) return 0;
  if (p.kind === PassKind.swap) return (1 << p.a) | (1 << p.b) | p.controls;
  return (1 << p.a) | p.controls;
};

/** How many iterations a pass has on n qubits (the size of its index space). */
export const passSpan = (qubits: number, p: Pass) => 2 ** (qubits - popcount(fixedBits(p)));

/** ~(2^k − 1) for each fixed bit k in ascending order: i += i & mask puts a zero back at k. */
const insertMasks = (bits: number) => {
  const masks: number[] = [];
  for (let k = 0; k < 31; k += 1) if (bits & (1 << k)) masks.push(-(1 << k));
  return Int32Array.from(masks);
};

// A phase run's factor of an index is the product over its set bits; it is looked up per window of
// 8 index bits, in a table of the 256 products each window's bits can make (built once per pass,
// on each thread). Windows without a factor are left out, but the first is always kept: it also
// carries m[6..7]. A QFT row on up to 8 qubits thus costs one complex product per amplitude, on up
// to 16 two.
const WINDOW_BITS = 8;
const WINDOW_MASK = (1 << WINDOW_BITS) - 1;


const buildPhaseTables = (p: Pass): PhaseTables => {
  const factors = p.factors!;
  const size = 1 << WINDOW_BITS;
  const shifts: number[] = [];
  const tables: Float64Array[] = [];
  for (let low = 0; low < 32; low += WINDOW_BITS) {
    let active = false;
    for (let k = low; k < low + WINDOW_BITS; k += 1) if (factors[2 * k] !== 1 || factors[2 * k + 1] !== 0) active = true;
    if (!active && tables.length > 0) continue;
    const table = new Float64Array(2 * size);
    // The first table starts from the run's own factor (m[6], m[7]); the others from 1.
    table[0] = tables.length === 0 ? p.m[6] : 1;
    table[1] = tables.length === 0 ? p.m[7] : 0;
    for (let v = 1; v < size; v += 1) {
      const lowest = v & -v;
      const k = low + 31 - Math.clz32(lowest);
      const rest = 2 * (v ^ lowest);
      const fr = factors[2 * k];
      const fi = factors[2 * k + 1];
      table[2 * v] = table[rest] * fr - table[rest + 1] * fi;
      table[2 * v + 1] = table[rest] * fi + table[rest + 1] * fr;
    }
    shifts.push(low);
    tables.push(table);
  }
  return { shifts: Int32Array.from(shifts), tables };
};

export const phaseTables = (p: Pass): PhaseTables => (p.tables ??= buildPhaseTables(p));

/** A phase run's factor of basis state `index` (re, im), as the dense kernels compute it. */
export const phaseRunFactor = (p: Pass, index: number): [number, number] => {
  const { shifts, tables } = phaseTables(p);
  let fr = 1;
  let fi = 0;
  for (let w = 0; w < tables.length; w += 1) {
    const k = ((index >>> shifts[w]) & WINDOW_MASK) << 1;
    const tr = tables[w][k];
    const ti = tables[w][k + 1];
    if (w === 0) {
      fr = tr;
      fi = ti;
    } else {
      const r = fr * tr - fi * ti;
      fi = fr * ti + fi * tr;
      fr = r;
    }
  }
  return [fr, fi];
};

const phaseRunKernel = (re: Float64Array, im: Float64Array, from: number, to: number, p: Pass) => {
  const { shifts, tables } = phaseTables(p);
  const s = 1 << p.a;
  const hm = -s;
  const t0 = tables[0];
  const sh0 = shifts[0];
  if (tables.length === 1) {
    for (let q = from; q < to; q += 1) {
      const j = q + (q & hm) + s;
      const k = ((j >>> sh0) & WINDOW_MASK) << 1;
      const fr = t0[k];
      const fi = t0[k + 1];
      const yr = re[j];
      const yi = im[j];
      re[j] = fr * yr - fi * yi;
      im[j] = fr * yi + fi * yr;
    }
    return;
  }
  if (tables.length === 2) {
    const t1 = tables[1];
    const sh1 = shifts[1];
    for (let q = from; q < to; q += 1) {
      const j = q + (q & hm) + s;
      const k0 = ((j >>> sh0) & WINDOW_MASK) << 1;
      const k1 = ((j >>> sh1) & WINDOW_MASK) << 1;
      const ar = t0[k0];
      const ai = t0[k0 + 1];
      const br = t1[k1];
      const bi = t1[k1 + 1];
      const fr = ar * br - ai * bi;
      const fi = ar * bi + ai * br;
      const yr = re[j];
      const yi = im[j];
      re[j] = fr * yr - fi * yi;
      im[j] = fr * yi + fi * yr;
    }
    return;
  }
  const count = tables.length;
  for (let q = from; q < to; q += 1) {
    const j = q + (q & hm) + s;
    const k0 = ((j >>> sh0) & WINDOW_MASK) << 1;
    let fr = t0[k0];
    let fi = t0[k0 + 1];
    for (let w = 1; w < count; w += 1) {
      const k = ((j >>> shifts[w]) & WINDOW_MASK) << 1;
      const tr = tables[w][k];
      const ti = tables[w][k + 1];
      const r = fr * tr - fi * ti;
      fi = fr * ti + fi * tr;
      fr = r;
    }
    const yr = re[j];
    const yi = im[j];
    re[j] = fr * yr - fi * yi;
    im[j] = fr * yi + fi * yr;
  }
};

// Uncontrolled 2×2 kernels (u3, ry/h, rz). A range in steps of four pairs (as every pass and
// every thread's share is) runs four pairs a step with no index arithmetic per pair: on a target
// of 3 or more the pairs of one block of 2^(t+1) amplitudes are a run i = i0 … i0 + 2^t − 1 with
// j = i + 2^t, walked with plain i + 1 … i + 3; on targets 0–2 each block of eight amplitudes
// holds four pairs at fixed offsets. The flat loop they replace computed i = p + (p & −2^t) per
// pair (and read ahead on targets 6–10); the runs measured up to a quarter faster on most targets
// at 22 and 24 qubits (docs/performance.md, decision 21). Any other range takes one pair a step.
const matrixKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, m: Matrix2) => {
  const [ar, ai, br, bi, cr, ci, dr, di] = m;
  const s = 1 << t;
  const hm = -s;
  if (((from | to) & 3) !== 0) {
    for (let p = from; p < to; p += 1) {
      const i = p + (p & hm);
      const j = i + s;
      const xr = re[i];
      const xi = im[i];
      const yr = re[j];
      const yi = im[j];
      re[i] = ar * xr - ai * xi + br * yr - bi * yi;
      im[i] = ar * xi + ai * xr + br * yi + bi * yr;
      re[j] = cr * xr - ci * xi + dr * yr - di * yi;
      im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    }
    return;
  }
  if (t >= 3) {
    for (let p = from; p < to; ) {
      const first = p + (p & hm);
      const run = Math.min(to - p, s - (p & (s - 1)));
      const end = first + run;
      for (let i = first; i < end; i += 4) {
        const j = i + s;
        let xr = re[i];
        let xi = im[i];
        let yr = re[j];
        let yi = im[j];
        re[i] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 1];
        xi = im[i + 1];
        yr = re[j + 1];
        yi = im[j + 1];
        re[i + 1] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 1] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 1] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 1] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 2];
        xi = im[i + 2];
        yr = re[j + 2];
        yi = im[j + 2];
        re[i + 2] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 2] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 2] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 2] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 3];
        xi = im[i + 3];
        yr = re[j + 3];
        yi = im[j + 3];
        re[i + 3] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 3] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 3] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 3] = cr * xi + ci * xr + dr * yi + di * yr;
      }
      p += run;
    }
    return;
  }
  // Targets 0–2: blocks of eight amplitudes, four pairs each, at fixed offsets in the block.
  const o1 = t === 0 ? 2 : 1;
  const o2 = t === 2 ? 2 : 4;
  const o3 = o1 + o2;
  for (let base = 2 * from; base < 2 * to; base += 8) {
    let i = base;
    let j = i + s;
    let xr = re[i];
    let xi = im[i];
    let yr = re[j];
    let yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    i = base + o1;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    i = base + o2;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    i = base + o3;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
};

const realKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, m: Matrix2) => {
  const a = m[0];
  const b = m[2];
  const c = m[4];
  const d = m[6];
  const s = 1 << t;
  const hm = -s;
  if (((from | to) & 3) !== 0) {
    for (let p = from; p < to; p += 1) {
      const i = p + (p & hm);
      const j = i + s;
      const xr = re[i];
      const xi = im[i];
      const yr = re[j];
      const yi = im[j];
      re[i] = a * xr + b * yr;
      im[i] = a * xi + b * yi;
      re[j] = c * xr + d * yr;
      im[j] = c * xi + d * yi;
    }
    return;
  }
  if (t >= 3) {
    for (let p = from; p < to; ) {
      const first = p + (p & hm);
      const run = Math.min(to - p, s - (p & (s - 1)));
      const end = first + run;
      for (let i = first; i < end; i += 4) {
        const j = i + s;
        let xr = re[i];
        let xi = im[i];
        let yr = re[j];
        let yi = im[j];
        re[i] = a * xr + b * yr;
        im[i] = a * xi + b * yi;
        re[j] = c * xr + d * yr;
        im[j] = c * xi + d * yi;
        xr = re[i + 1];
        xi = im[i + 1];
        yr = re[j + 1];
        yi = im[j + 1];
        re[i + 1] = a * xr + b * yr;
        im[i + 1] = a * xi + b * yi;
        re[j + 1] = c * xr + d * yr;
        im[j + 1] = c * xi + d * yi;
        xr = re[i + 2];
        xi = im[i + 2];
        yr = re[j + 2];
        yi = im[j + 2];
        re[i + 2] = a * xr + b * yr;
        im[i + 2] = a * xi + b * yi;
        re[j + 2] = c * xr + d * yr;
        im[j + 2] = c * xi + d * yi;
        xr = re[i + 3];
        xi = im[i + 3];
        yr = re[j + 3];
        yi = im[j + 3];
        re[i + 3] = a * xr + b * yr;
        im[i + 3] = a * xi + b * yi;
        re[j + 3] = c * xr + d * yr;
        im[j + 3] = c * xi + d * yi;
      }
      p += run;
    }
    return;
  }
  // Targets 0–2: blocks of eight amplitudes, four pairs each, at fixed offsets in the block.
  const o1 = t === 0 ? 2 : 1;
  const o2 = t === 2 ? 2 : 4;
  const o3 = o1 + o2;
  for (let base = 2 * from; base < 2 * to; base += 8) {
    let i = base;
    let j = i + s;
    let xr = re[i];
    let xi = im[i];
    let yr = re[j];
    let yi = im[j];
    re[i] = a * xr + b * yr;
    im[i] = a * xi + b * yi;
    re[j] = c * xr + d * yr;
    im[j] = c * xi + d * yi;
    i = base + o1;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = a * xr + b * yr;
    im[i] = a * xi + b * yi;
    re[j] = c * xr + d * yr;
    im[j] = c * xi + d * yi;
    i = base + o2;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = a * xr + b * yr;
    im[i] = a * xi + b * yi;
    re[j] = c * xr + d * yr;
    im[j] = c * xi + d * yi;
    i = base + o3;
    j = i + s;
    xr = re[i];
    xi = im[i];
    yr = re[j];
    yi = im[j];
    re[i] = a * xr + b * yr;
    im[i] = a * xi + b * yi;
    re[j] = c * xr + d * yr;
    im[j] = c * xi + d * yi;
  }
};

const diagonalKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, m: Matrix2) => {
  const d0r = m[0];
  const d0i = m[1];
  const d1r = m[6];
  const d1i = m[7];
  const s = 1 << t;
  const hm = -s;
  if (((from | to) & 3) !== 0) {
    for (let p = from; p < to; p += 1) {
      const i = p + (p & hm);
      const j = i + s;
      const xr = re[i];
      const xi = im[i];
      re[i] = d0r * xr - d0i * xi;
      im[i] = d0r * xi + d0i * xr;
      const yr = re[j];
      const yi = im[j];
      re[j] = d1r * yr - d1i * yi;
      im[j] = d1r * yi + d1i * yr;
    }
    return;
  }
  if (t >= 3) {
    for (let p = from; p < to; ) {
      const first = p + (p & hm);
      const run = Math.min(to - p, s - (p & (s - 1)));
      const end = first + run;
      for (let i = first; i < end; i += 4) {
        const j = i + s;
        let xr = re[i];
        let xi = im[i];
        re[i] = d0r * xr - d0i * xi;
        im[i] = d0r * xi + d0i * xr;
        let yr = re[j];
        let yi = im[j];
        re[j] = d1r * yr - d1i * yi;
        im[j] = d1r * yi + d1i * yr;
        xr = re[i + 1];
        xi = im[i + 1];
        re[i + 1] = d0r * xr - d0i * xi;
        im[i + 1] = d0r * xi + d0i * xr;
        yr = re[j + 1];
        yi = im[j + 1];
        re[j + 1] = d1r * yr - d1i * yi;
        im[j + 1] = d1r * yi + d1i * yr;
        xr = re[i + 2];
        xi = im[i + 2];
        re[i + 2] = d0r * xr - d0i * xi;
        im[i + 2] = d0r * xi + d0i * xr;
        yr = re[j + 2];
        yi = im[j + 2];
        re[j + 2] = d1r * yr - d1i * yi;
        im[j + 2] = d1r * yi + d1i * yr;
        xr = re[i + 3];
        xi = im[i + 3];
        re[i + 3] = d0r * xr - d0i * xi;
        im[i + 3] = d0r * xi + d0i * xr;
        yr = re[j + 3];
        yi = im[j + 3];
        re[j + 3] = d1r * yr - d1i * yi;
        im[j + 3] = d1r * yi + d1i * yr;
      }
      p += run;
    }
    return;
  }
  // Targets 0–2: blocks of eight amplitudes, four pairs each, at fixed offsets in the block.
  const o1 = t === 0 ? 2 : 1;
  const o2 = t === 2 ? 2 : 4;
  const o3 = o1 + o2;
  for (let base = 2 * from; base < 2 * to; base += 8) {
    let i = base;
    let j = i + s;
    let xr = re[i];
    let xi = im[i];
    re[i] = d0r * xr - d0i * xi;
    im[i] = d0r * xi + d0i * xr;
    let yr = re[j];
    let yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
    i = base + o1;
    j = i + s;
    xr = re[i];
    xi = im[i];
    re[i] = d0r * xr - d0i * xi;
    im[i] = d0r * xi + d0i * xr;
    yr = re[j];
    yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
    i = base + o2;
    j = i + s;
    xr = re[i];
    xi = im[i];
    re[i] = d0r * xr - d0i * xi;
    im[i] = d0r * xi + d0i * xr;
    yr = re[j];
    yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
    i = base + o3;
    j = i + s;
    xr = re[i];
    xi = im[i];
    re[i] = d0r * xr - d0i * xi;
    im[i] = d0r * xi + d0i * xr;
    yr = re[j];
    yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
  }
};

// A phase gate changes only the j side: on a target of 2 or more, one plain run a block.
const multiplyRun = (re: Float64Array, im: Float64Array, first: number, end: number, dr: number, di: number) => {
  for (let i = first; i < end; i += 4) {
    let xr = re[i];
    let xi = im[i];
    re[i] = dr * xr - di * xi;
    im[i] = dr * xi + di * xr;
    xr = re[i + 1];
    xi = im[i + 1];
    re[i + 1] = dr * xr - di * xi;
    im[i + 1] = dr * xi + di * xr;
    xr = re[i + 2];
    xi = im[i + 2];
    re[i + 2] = dr * xr - di * xi;
    im[i + 2] = dr * xi + di * xr;
    xr = re[i + 3];
    xi = im[i + 3];
    re[i + 3] = dr * xr - di * xi;
    im[i + 3] = dr * xi + di * xr;
  }
};

const phaseKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, m: Matrix2) => {
  const d1r = m[6];
  const d1i = m[7];
  const s = 1 << t;
  const hm = -s;
  if (t >= 2 && ((from | to) & 3) === 0) {
    for (let p = from; p < to; ) {
      const first = p + (p & hm) + s;
      const run = Math.min(to - p, s - (p & (s - 1)));
      multiplyRun(re, im, first, first + run, d1r, d1i);
      p += run;
    }
    return;
  }
  for (let p = from; p < to; p += 1) {
    const j = p + (p & hm) + s;
    const yr = re[j];
    const yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
  }
};

// x keeps the flat loop: walking runs measured slower for it on targets 0, 1, 6 and 8 (a swap has
// no arithmetic to hide the loads behind), and it reads ahead on targets 6–10 (below).
// On targets 6–10 each sweep meets runs of 64–1,024 amplitudes in turn from the i and the j side, a
// pattern the cores' prefetchers follow badly; there the x loop also reads one line of re and of im
// AHEAD amplitudes past 2p, a plain forward sweep that brings each line in before the pairs need it.
const AHEAD = 8192;
const readsAhead = (t: number) => t >= 6 && t <= 10;
/** Where the read-ahead loads end up, so that they are not optimized away. */
let aheadSink = 0;
export const readAheadChecksum = () => aheadSink;

const xKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number) => {
  const s = 1 << t;
  const hm = -s;
  if (((to - from) & 3) !== 0) {
    for (let p = from; p < to; p += 1) {
      const i = p + (p & hm);
      const j = i + s;
      const tr = re[i];
      re[i] = re[j];
      re[j] = tr;
      const ti = im[i];
      im[i] = im[j];
      im[j] = ti;
    }
    return;
  }
  const touch = readsAhead(t);
  const mask = re.length - 1;
  let ahead = 0;
  for (let p = from; p < to; p += 4) {
    if (touch) {
      const q = (2 * p + AHEAD) & mask;
      ahead += re[q] + im[q];
    }
    let i = p + (p & hm);
    let j = i + s;
    let tr = re[i];
    re[i] = re[j];
    re[j] = tr;
    let ti = im[i];
    im[i] = im[j];
    im[j] = ti;
    i = p + 1 + ((p + 1) & hm);
    j = i + s;
    tr = re[i];
    re[i] = re[j];
    re[j] = tr;
    ti = im[i];
    im[i] = im[j];
    im[j] = ti;
    i = p + 2 + ((p + 2) & hm);
    j = i + s;
    tr = re[i];
    re[i] = re[j];
    re[j] = tr;
    ti = im[i];
    im[i] = im[j];
    im[j] = ti;
    i = p + 3 + ((p + 3) & hm);
    j = i + s;
    tr = re[i];
    re[i] = re[j];
    re[j] = tr;
    ti = im[i];
    im[i] = im[j];
    im[j] = ti;
  }
  aheadSink += ahead;
};

const swapKernel = (re: Float64Array, im: Float64Array, from: number, to: number, a: number, b: number) => {
  const low = Math.min(a, b);
  const high = Math.max(a, b);
  const m1 = -(1 << low);
  const m2 = -(1 << high);
  const bitA = 1 << a;
  const bitB = 1 << b;
  for (let p = from; p < to; p += 1) {
    const q = p + (p & m1);
    const base = q + (q & m2);
    const x = base + bitA;
    const y = base + bitB;
    const tr = re[x];
    re[x] = re[y];
    re[y] = tr;
    const ti = im[x];
    im[x] = im[y];
    im[y] = ti;
  }
};

const zzKernel = (re: Float64Array, im: Float64Array, from: number, to: number, a: number, b: number, m: Matrix2) => {
  const c = m[0];
  const s = m[1];
  for (let i = from; i < to; i += 1) {
    // Bits equal: e^{−iθ/2}; different: e^{iθ/2}.
    const pi = (((i >> a) ^ (i >> b)) & 1) === 1 ? s : -s;
    const xr = re[i];
    const xi = im[i];
    re[i] = c * xr - pi * xi;
    im[i] = c * xi + pi * xr;
  }
};

// Controlled passes touch half the amplitudes or fewer, so one general loop (the fixed bits put
// back one by one) serves every kind but X and SWAP, which keep a permutation loop of their own.
const controlledMatrixKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, controls: number, m: Matrix2) => {
  const [ar, ai, br, bi, cr, ci, dr, di] = m;
  const s = 1 << t;
  const masks = insertMasks(controls | s);
  const count = masks.length;
  for (let p = from; p < to; p += 1) {
    let i = p;
    for (let k = 0; k < count; k += 1) i += i & masks[k];
    i |= controls;
    const j = i + s;
    const xr = re[i];
    const xi = im[i];
    const yr = re[j];
    const yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
};

// One control (cx, cz, cp, crz, … the common case): the two fixed bits put back inline.
const oneControlMatrixKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, control: number, m: Matrix2) => {
  const [ar, ai, br, bi, cr, ci, dr, di] = m;
  const s = 1 << t;
  const cbit = 1 << control;
  const m1 = -(1 << Math.min(t, control));
  const m2 = -(1 << Math.max(t, control));
  // With both bits at 2 or above, pairs come in runs of 2^min(t, control) consecutive i (as in
  // the uncontrolled kernels): walked four pairs a step, no index arithmetic per pair.
  const runLength = 1 << Math.min(t, control);
  if (runLength >= 4 && ((from | to) & 3) === 0) {
    for (let p = from; p < to; ) {
      const q = p + (p & m1);
      const first = (q + (q & m2)) | cbit;
      const run = Math.min(to - p, runLength - (p & (runLength - 1)));
      const end = first + run;
      for (let i = first; i < end; i += 4) {
        const j = i + s;
        let xr = re[i];
        let xi = im[i];
        let yr = re[j];
        let yi = im[j];
        re[i] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 1];
        xi = im[i + 1];
        yr = re[j + 1];
        yi = im[j + 1];
        re[i + 1] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 1] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 1] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 1] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 2];
        xi = im[i + 2];
        yr = re[j + 2];
        yi = im[j + 2];
        re[i + 2] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 2] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 2] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 2] = cr * xi + ci * xr + dr * yi + di * yr;
        xr = re[i + 3];
        xi = im[i + 3];
        yr = re[j + 3];
        yi = im[j + 3];
        re[i + 3] = ar * xr - ai * xi + br * yr - bi * yi;
        im[i + 3] = ar * xi + ai * xr + br * yi + bi * yr;
        re[j + 3] = cr * xr - ci * xi + dr * yr - di * yi;
        im[j + 3] = cr * xi + ci * xr + dr * yi + di * yr;
      }
      p += run;
    }
    return;
  }
  for (let p = from; p < to; p += 1) {
    const q = p + (p & m1);
    const i = (q + (q & m2)) | cbit;
    const j = i + s;
    const xr = re[i];
    const xi = im[i];
    const yr = re[j];
    const yi = im[j];
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
};

// A controlled phase diag(1, d1) with one control (cp, cu1, cz): only amplitudes with both bits set.
const oneControlPhaseKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, control: number, m: Matrix2) => {
  const d1r = m[6];
  const d1i = m[7];
  const both = (1 << t) | (1 << control);
  const m1 = -(1 << Math.min(t, control));
  const m2 = -(1 << Math.max(t, control));
  const runLength = 1 << Math.min(t, control);
  if (runLength >= 4 && ((from | to) & 3) === 0) {
    for (let p = from; p < to; ) {
      const q = p + (p & m1);
      const first = (q + (q & m2)) | both;
      const run = Math.min(to - p, runLength - (p & (runLength - 1)));
      multiplyRun(re, im, first, first + run, d1r, d1i);
      p += run;
    }
    return;
  }
  for (let p = from; p < to; p += 1) {
    const q = p + (p & m1);
    const j = (q + (q & m2)) | both;
    const yr = re[j];
    const yi = im[j];
    re[j] = d1r * yr - d1i * yi;
    im[j] = d1r * yi + d1i * yr;
  }
};

/** X or SWAP under controls: exchanges amplitude x = base + bitA with y = base + bitB. */
const controlledSwapKernel = (re: Float64Array, im: Float64Array, from: number, to: number, fixed: number, controls: number, bitA: number, bitB: number) => {
  const masks = insertMasks(fixed);
  const count = masks.length;
  if (count === 2) {
    // CX: the two fixed bits put back inline.
    const m1 = masks[0];
    const m2 = masks[1];
    // Runs of consecutive pairs, as in oneControlMatrixKernel, when the lower fixed bit is 2 or above.
    const runLength = -m1;
    if (runLength >= 4 && ((from | to) & 3) === 0) {
      for (let p = from; p < to; ) {
        const q = p + (p & m1);
        const first = (q + (q & m2)) | controls;
        const run = Math.min(to - p, runLength - (p & (runLength - 1)));
        const end = first + run;
        for (let x = first + bitA; x < end + bitA; x += 4) {
          const y = x - bitA + bitB;
          let tr = re[x];
          re[x] = re[y];
          re[y] = tr;
          let ti = im[x];
          im[x] = im[y];
          im[y] = ti;
          tr = re[x + 1];
          re[x + 1] = re[y + 1];
          re[y + 1] = tr;
          ti = im[x + 1];
          im[x + 1] = im[y + 1];
          im[y + 1] = ti;
          tr = re[x + 2];
          re[x + 2] = re[y + 2];
          re[y + 2] = tr;
          ti = im[x + 2];
          im[x + 2] = im[y + 2];
          im[y + 2] = ti;
          tr = re[x + 3];
          re[x + 3] = re[y + 3];
          re[y + 3] = tr;
          ti = im[x + 3];
          im[x + 3] = im[y + 3];
          im[y + 3] = ti;
        }
        p += run;
      }
      return;
    }
    for (let p = from; p < to; p += 1) {
      const q = p + (p & m1);
      const base = (q + (q & m2)) | controls;
      const x = base + bitA;
      const y = base + bitB;
      const tr = re[x];
      re[x] = re[y];
      re[y] = tr;
      const ti = im[x];
      im[x] = im[y];
      im[y] = ti;
    }
    return;
  }
  for (let p = from; p < to; p += 1) {
    let base = p;
    for (let k = 0; k < count; k += 1) base += base & masks[k];
    base |= controls;
    const x = base + bitA;
    const y = base + bitB;
    const tr = re[x];
    re[x] = re[y];
    re[y] = tr;
    const ti = im[x];
    im[x] = im[y];
    im[y] = ti;
  }
};

// Registers this large may live in WebAssembly memory (statevector.ts); smaller ones never do, so
// their passes skip the lookup.
const WASM_MIN_AMPLITUDES = 2 ** WASM_MIN_QUBITS;

/**
 * Runs iterations [from, to) of a pass (the whole pass: 0 … passSpan): in WebAssembly
 * (wasm-kernels.ts) when the register lives in WebAssembly memory and the pass has a kernel there,
 * else in the kernels above. Both give the same bits.
 */
export const runPassRange = (re: Float64Array, im: Float64Array, p: Pass, from: number, to: number): void => {
  if (re.length >= WASM_MIN_AMPLITUDES) {
    const wasm = wasmKernelsFor(re.buffer);
    if (wasm !== undefined && runWasmPass(wasm, re, im, p, from, to)) return;
  }
  const { kind, a, b, controls, m } = p;
  if (controls !== 0) {
    if (kind === PassKind.x) return controlledSwapKernel(re, im, from, to, fixedBits(p), controls, 0, 1 << a);
    if (kind === PassKind.swap) return controlledSwapKernel(re, im, from, to, fixedBits(p), controls, 1 << a, 1 << b);
    if ((controls & (controls - 1)) === 0) {
      const control = 31 - Math.clz32(controls);
      if (kind === PassKind.phase) return oneControlPhaseKernel(re, im, from, to, a, control, m);
      if (kind !== PassKind.zz) return oneControlMatrixKernel(re, im, from, to, a, control, m);
    }
    if (kind !== PassKind.zz) return controlledMatrixKernel(re, im, from, to, a, controls, m);
  }
  switch (kind) {
    case PassKind.matrix: return matrixKernel(re, im, from, to, a, m);
    case PassKind.real: return realKernel(re, im, from, to, a, m);
    case PassKind.diagonal: return diagonalKernel(re, im, from, to, a, m);
    case PassKind.phase: return phaseKernel(re, im, from, to, a, m);
    case PassKind.x: return xKernel(re, im, from, to, a);
    case PassKind.swap: return swapKernel(re, im, from, to, a, b);
    case PassKind.zz: return zzKernel(re, im, from, to, a, b, m);
    case PassKind.phaseRun: return phaseRunKernel(re, im, from, to, p);
    default: throw new Error(`unknown pass kind ${kind}`);
  }
};

/** The pass for a 2×2 matrix on `target`: the cheapest kernel that computes it exactly. */
export const matrixPass = (target: number, m: Matrix2, controls = 0): Pass => {
  const [ar, ai, br, bi, cr, ci, dr, di] = m;
  if (br === 0 && bi === 0 && cr === 0 && ci === 0) {
    if (ar === 1 && ai === 0) return pass(PassKind.phase, target, -1, controls, m);
    return pass(PassKind.diagonal, target, -1, controls, m);
  }
  if (ar === 0 && ai === 0 && dr === 0 && di === 0 && br === 1 && bi === 0 && cr === 1 && ci === 0) return pass(PassKind.x, target, -1, controls);
  if (ai === 0 && bi === 0 && ci === 0 && di === 0) return pass(PassKind.real, target, -1, controls, m);
  return pass(PassKind.matrix, target, -1, controls, m);
};

/** Runs a whole pass on one thread. */
export const runPass = (state: StateVector, p: Pass) => runPassRange(state.re, state.im, p, 0, passSpan(state.qubits, p));

/** A 2×2 matrix on the target (controlled: only where the control bits are 1). */
export const applyMatrix = (state: StateVector, target: number, m: Matrix2, controls = 0) => runPass(state, matrixPass(target, m, controls));

/** diag(d0, d1) on the target. */
export const applyDiagonal = (state: StateVector, target: number, d0r: number, d0i: number, d1r: number, d1i: number, controls = 0) =>
  runPass(state, matrixPass(target, [d0r, d0i, 0, 0, 0, 0, d1r, d1i], controls));

/** X on the target (controlled: CX, CCX): swaps the paired amplitudes. */
export const applyX = (state: StateVector, target: number, controls = 0) => runPass(state, pass(PassKind.x, target, -1, controls));

/** SWAP of two qubits (controlled: CSWAP): exchanges the amplitudes of …1…0… and …0…1…. */
export const applySwap = (state: StateVector, a: number, b: number, controls = 0) => runPass(state, pass(PassKind.swap, a, b, controls));

/** exp(−iθ/2·Z⊗Z). */
export const applyZZ = (state: StateVector, a: number, b: number, theta: number) =>
  runPass(state, pass(PassKind.zz, a, b, 0, [Math.cos(theta / 2), Math.sin(theta / 2), 0, 0, 0, 0, 0, 0]));

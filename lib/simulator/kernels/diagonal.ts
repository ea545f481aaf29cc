// Diagonal passes without a pair body, in JavaScript only (the WebAssembly kernels leave them
// here, so there is one copy of each): a run of controlled phases on one qubit (passes/fuse.ts,
// phaseRuns), and exp(−iθ/2·Z⊗Z). Both multiply each amplitude they change by a factor that
// depends on its index. The single-qubit diagonal and phase bodies are in bodies.ts.
import type { Matrix2, Pass, PhaseTables } from "../passes/pass";

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

/** A phase run on iterations [from, to): the amplitudes with bit a set, each times its factor. */
export const phaseRunKernel = (re: Float64Array, im: Float64Array, from: number, to: number, p: Pass) => {
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

/** exp(−iθ/2·Z⊗Z) on qubits a, b (m[0] = cos θ/2, m[1] = sin θ/2): every amplitude, no index left out. */
export const zzKernel = (re: Float64Array, im: Float64Array, from: number, to: number, a: number, b: number, m: Matrix2) => {
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


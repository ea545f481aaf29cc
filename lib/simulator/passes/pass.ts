// A pass and its kinds: one sweep over the amplitudes a gate (or a fused run of gates) touches, as
// the kernels run it (kernels/) and as it travels to a helper thread (threads/parallel.ts).
//
// A 2×2 matrix is [a, b; c, d] given as eight numbers (re, im of a, b, c, d). `controls` is a bit
// mask: the gate acts only on basis states whose control bits are all 1. Every kernel walks an
// index space p in [0, passSpan) in which the bits the pass fixes (its target, the control bits)
// are left out; the amplitude index is p with zero bits put back at those positions, the controls
// ORed in. So any sub-range of it can run on another thread: the ranges touch disjoint amplitudes.

/** The kinds of pass (numbers, so that a pass travels to a helper thread as a Float64Array). */
export const PassKind = {
  /** A general complex 2×2 matrix on `a`. */
  matrix: 0,
  /** A real 2×2 matrix on `a` (m[0], m[2], m[4], m[6]). */
  real: 1,
  /** diag(d0, d1) on `a`: a pure multiply pass. */
  diagonal: 2,
  /** diag(1, d1) on `a`: only the amplitudes with bit `a` set change. */
  phase: 3,
  /** X on `a`: swaps paired amplitudes. */
  x: 4,
  /** SWAP of `a` and `b`. */
  swap: 5,
  /** exp(−iθ/2·Z⊗Z) on `a`, `b` (m[0] = cos θ/2, m[1] = sin θ/2). */
  zz: 6,
  /**
   * A run of controlled phases sharing qubit `a` (a QFT's row: cp(m, a) for every m < a): only the
   * amplitudes with bit `a` set change, each times (m[6], m[7]) and times `factors` bit k for
   * every other bit k set in its index (passes/fuse.ts, phaseRuns).
   */
  phaseRun: 7,
} as const;

export type Matrix2 = readonly [number, number, number, number, number, number, number, number];

/**
 * One pass: a kind, its qubits, its control mask and up to eight matrix numbers; a phase run also
 * its per-bit factors (re, im of bit k at 2k, 2k + 1; 1 where no gate acts) and, once a kernel has
 * run it, their tables.
 */
export type Pass = { kind: number; a: number; b: number; controls: number; m: Matrix2; factors?: readonly number[]; tables?: PhaseTables };

/** The tables of a phase run: `shifts[w]` selects window w's bits, `tables[w]` its 256 products (re, im interleaved). */
export type PhaseTables = { shifts: Int32Array; tables: Float64Array[] };

const NO_MATRIX: Matrix2 = [0, 0, 0, 0, 0, 0, 0, 0];

export const pass = (kind: number, a: number, b = -1, controls = 0, m: Matrix2 = NO_MATRIX): Pass => ({ kind, a, b, controls, m });

/** The pass for a 2×2 matrix on `target`: the cheapest kind that computes it exactly. */
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

const popcount = (x: number) => {
  let count = 0;
  for (let v = x; v !== 0; v &= v - 1) count += 1;
  return count;
};

/** The bits a pass leaves out of its index space. */
export const fixedBits = (p: Pass) => {
  if (p.kind === PassKind.zz) return 0;
  if (p.kind === PassKind.swap) return (1 << p.a) | (1 << p.b) | p.controls;
  return (1 << p.a) | p.controls;
};

/** How many iterations a pass has on n qubits (the size of its index space). */
export const passSpan = (qubits: number, p: Pass) => 2 ** (qubits - popcount(fixedBits(p)));

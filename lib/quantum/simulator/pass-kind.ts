// A pass and its kinds: what a kernel runs (kernels.ts in JavaScript, wasm-kernels.ts in WebAssembly)
// and what travels to a helper thread (parallel.ts). Imports nothing, so every kernel may import it.

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
   * every other bit k set in its index (fuse.ts, phaseRuns).
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

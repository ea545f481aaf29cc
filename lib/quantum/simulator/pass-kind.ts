// The kinds of pass a kernel runs (kernels.ts in JavaScript, wasm-kernels.ts in WebAssembly).

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

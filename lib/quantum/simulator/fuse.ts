// A gate list becomes a list of passes (kernels.ts). Runs of one-qubit gates on the same qubit
// (with no multi-qubit gate touching it in between) become one 2×2 matrix, so the statevector is
// swept once per run instead of once per gate; the fused matrix then takes the cheapest exact
// kernel (diagonal, phase, real, X or general).
import { gatePasses, matrixOf, type GateOp } from "./gates";
import { matrixPass, type Matrix2, type Pass } from "./kernels";
import { runPasses } from "./parallel";
import type { StateVector } from "./statevector";

/** m·n (n applied first). */
export const multiply = (m: Matrix2, n: Matrix2): Matrix2 => {
  const out = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 2; i += 1) {
    for (let j = 0; j < 2; j += 1) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < 2; k += 1) {
        const [ar, ai] = [m[4 * i + 2 * k], m[4 * i + 2 * k + 1]];
        const [br, bi] = [n[4 * k + 2 * j], n[4 * k + 2 * j + 1]];
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out[4 * i + 2 * j] = re;
      out[4 * i + 2 * j + 1] = im;
    }
  }
  return out as unknown as Matrix2;
};

type Pending = { first: GateOp; count: number; matrix: Matrix2 };

/** The passes of a gate list, one-qubit runs fused. */
export const compile = (ops: readonly GateOp[]): Pass[] => {
  const out: Pass[] = [];
  const pending = new Map<number, Pending>();
  const flush = (qubit: number) => {
    const run = pending.get(qubit);
    if (!run) return;
    pending.delete(qubit);
    // A lone gate keeps its own passes (x stays a swap, id none at all).
    if (run.count === 1) gatePasses(run.first, out);
    else out.push(matrixPass(qubit, run.matrix));
  };
  for (const op of ops) {
    if (op.qubits.length === 1) {
      const qubit = op.qubits[0];
      const run = pending.get(qubit);
      const matrix = matrixOf(op.name, op.params);
      if (run) {
        run.matrix = multiply(matrix, run.matrix);
        run.count += 1;
      } else pending.set(qubit, { first: op, count: 1, matrix });
      continue;
    }
    for (const qubit of op.qubits) flush(qubit);
    gatePasses(op, out);
  }
  for (const qubit of [...pending.keys()]) flush(qubit);
  return out;
};

/** Applies the gates in order, fusing one-qubit runs (on several threads for large states). */
export const applyFused = (state: StateVector, ops: readonly GateOp[]) => runPasses(state, compile(ops));

// A gate list becomes a list of passes (pass.ts). Runs of one-qubit gates on the same qubit
// (with no multi-qubit gate touching it in between) become one 2×2 matrix, so the statevector is
// swept once per run instead of once per gate; the fused matrix then takes the cheapest exact
// kernel (diagonal, phase, real, X or general). Runs of controlled phases on a shared qubit (a
// QFT's rows) then become one phase-run pass each.
import { gatePasses, matrixOf, type GateOp } from "./gates";
import { matrixPass, PassKind, type Matrix2, type Pass } from "./pass";

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

/** Phase passes with at most one control: diag(1, e^{iλ}) on `a`, or on the pair (control, a). */
const phaseQubits = (p: Pass) => {
  if (p.kind !== PassKind.phase || (p.controls & (p.controls - 1)) !== 0) return 0;
  return (1 << p.a) | p.controls;
};

const touchedQubits = (p: Pass) => (1 << p.a) | (p.b >= 0 ? 1 << p.b : 0) | p.controls;

/** Runs shorter than this stay separate passes (a run's pass touches half the amplitudes, a cp a quarter). */
export const MIN_PHASE_RUN = 3;

/**
 * Consecutive controlled phases that share a qubit q (a QFT's row, cp(m, q) for m < q, with a
 * phase on q itself among them) become one phase-run pass on q: all are diagonal, so they commute,
 * and on a basis state with bit q set their product is e^{iλ_q}·Π e^{iλ_m} over the other set bits
 * m. The state is swept once per row instead of once per gate.
 */
export const phaseRuns = (passes: readonly Pass[]): Pass[] => {
  const out: Pass[] = [];
  let run: Pass[] = [];
  let common = 0;
  let runQubits = 0;
  const close = () => {
    if (run.length < MIN_PHASE_RUN) for (const p of run) out.push(p);
    else {
      const q = 31 - Math.clz32(common & -common);
      const factors: number[] = [];
      for (let k = 0; k < 32; k += 1) factors.push(1, 0);
      let cr = 1;
      let ci = 0;
      for (const p of run) {
        const other = ((1 << p.a) | p.controls) & ~(1 << q);
        const fr = p.m[6];
        const fi = p.m[7];
        if (other === 0) {
          const r = cr * fr - ci * fi;
          ci = cr * fi + ci * fr;
          cr = r;
          continue;
        }
        const k = 2 * (31 - Math.clz32(other));
        const gr = factors[k];
        const gi = factors[k + 1];
        factors[k] = gr * fr - gi * fi;
        factors[k + 1] = gr * fi + gi * fr;
      }
      out.push({ kind: PassKind.phaseRun, a: q, b: -1, controls: 0, m: [1, 0, 0, 0, 0, 0, cr, ci], factors });
    }
    run = [];
    common = 0;
    runQubits = 0;
  };
  for (const p of passes) {
    const qubits = phaseQubits(p);
    if (qubits !== 0 && run.length > 0 && (common & qubits) !== 0) {
      run.push(p);
      common &= qubits;
      runQubits |= qubits;
      continue;
    }
    // A pass on none of the run's qubits commutes with all of it: it goes first and the run goes
    // on (the QFT's first row meets the ry of each qubit just before that qubit's cp).
    if (run.length > 0 && (touchedQubits(p) & runQubits) === 0) {
      out.push(p);
      continue;
    }
    close();
    if (qubits === 0) out.push(p);
    else {
      run.push(p);
      common = qubits;
      runQubits = qubits;
    }
  }
  close();
  return out;
};

/** The passes of a gate list with one-qubit runs fused. */
const fuseOneQubitRuns = (ops: readonly GateOp[]): Pass[] => {
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

/** The passes of a gate list: one-qubit runs fused, then runs of controlled phases. */
export const compile = (ops: readonly GateOp[]): Pass[] => phaseRuns(fuseOneQubitRuns(ops));

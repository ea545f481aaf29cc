// The gate set: qelib1.inc / stdgates.inc names with Qiskit's conventions (matrices and
// definitions), how each acts on a statevector, and how the rarer ones decompose into others.
import { matrixPass, pass, PassKind, type Matrix2, type Pass } from "./pass";

/**
 * One gate. With `controls` = k, the first k qubits are extra controls (the gate acts only where
 * they are all 1) and the gate `name` acts on the rest: `{ name: "x", qubits: [a, b, c, d],
 * controls: 3 }` is a three-controlled X (qelib1's c3x, OpenQASM 3's `ctrl(3) @ x`).
 */
export type GateOp = { name: string; qubits: number[]; params: number[]; controls?: number };

/** Arity (qubits) and parameter count of every gate the simulator runs. */
export const GATES: Record<string, { qubits: number; params: number }> = {
  id: { qubits: 1, params: 0 }, u0: { qubits: 1, params: 1 }, h: { qubits: 1, params: 0 }, x: { qubits: 1, params: 0 },
  y: { qubits: 1, params: 0 }, z: { qubits: 1, params: 0 }, s: { qubits: 1, params: 0 }, sdg: { qubits: 1, params: 0 },
  t: { qubits: 1, params: 0 }, tdg: { qubits: 1, params: 0 }, sx: { qubits: 1, params: 0 }, sxdg: { qubits: 1, params: 0 },
  rx: { qubits: 1, params: 1 }, ry: { qubits: 1, params: 1 }, rz: { qubits: 1, params: 1 }, p: { qubits: 1, params: 1 },
  u1: { qubits: 1, params: 1 }, u2: { qubits: 1, params: 2 }, u3: { qubits: 1, params: 3 }, u: { qubits: 1, params: 3 },
  cx: { qubits: 2, params: 0 }, cy: { qubits: 2, params: 0 }, cz: { qubits: 2, params: 0 }, ch: { qubits: 2, params: 0 },
  csx: { qubits: 2, params: 0 }, swap: { qubits: 2, params: 0 }, crx: { qubits: 2, params: 1 }, cry: { qubits: 2, params: 1 },
  crz: { qubits: 2, params: 1 }, cp: { qubits: 2, params: 1 }, cu1: { qubits: 2, params: 1 }, cu3: { qubits: 2, params: 3 },
  cu: { qubits: 2, params: 4 }, rzz: { qubits: 2, params: 1 }, rxx: { qubits: 2, params: 1 }, ecr: { qubits: 2, params: 0 },
  ccx: { qubits: 3, params: 0 }, cswap: { qubits: 3, params: 0 },
};

const R = Math.SQRT1_2;

/** U(θ, φ, λ) as Qiskit defines it. */
export const uMatrix = (theta: number, phi: number, lambda: number): Matrix2 => {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  return [c, 0, -Math.cos(lambda) * s, -Math.sin(lambda) * s, Math.cos(phi) * s, Math.sin(phi) * s, Math.cos(phi + lambda) * c, Math.sin(phi + lambda) * c];
};

const FIXED: Record<string, Matrix2> = {
  id: [1, 0, 0, 0, 0, 0, 1, 0],
  h: [R, 0, R, 0, R, 0, -R, 0],
  y: [0, 0, 0, -1, 0, 1, 0, 0],
  sx: [0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5],
  sxdg: [0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5, -0.5],
};

/** The 2×2 matrix of a one-qubit gate (the target part of a controlled one). */
export const matrixOf = (name: string, params: readonly number[]): Matrix2 => {
  const [a = 0, b = 0, c = 0] = params;
  switch (name) {
    case "x": return [0, 0, 1, 0, 1, 0, 0, 0];
    case "z": return [1, 0, 0, 0, 0, 0, -1, 0];
    case "s": return [1, 0, 0, 0, 0, 0, 0, 1];
    case "sdg": return [1, 0, 0, 0, 0, 0, 0, -1];
    case "t": return [1, 0, 0, 0, 0, 0, R, R];
    case "tdg": return [1, 0, 0, 0, 0, 0, R, -R];
    case "rx": return [Math.cos(a / 2), 0, 0, -Math.sin(a / 2), 0, -Math.sin(a / 2), Math.cos(a / 2), 0];
    case "ry": return [Math.cos(a / 2), 0, -Math.sin(a / 2), 0, Math.sin(a / 2), 0, Math.cos(a / 2), 0];
    case "rz": return [Math.cos(a / 2), -Math.sin(a / 2), 0, 0, 0, 0, Math.cos(a / 2), Math.sin(a / 2)];
    case "p": case "u1": return [1, 0, 0, 0, 0, 0, Math.cos(a), Math.sin(a)];
    case "u2": return uMatrix(Math.PI / 2, a, b);
    case "u3": case "u": return uMatrix(a, b, c);
    case "u0": return FIXED.id;
    default: {
      const fixed = FIXED[name];
      if (!fixed) throw new Error(`no one-qubit matrix for ${name}`);
      return fixed;
    }
  }
};

const oneQubitPass = (name: string, params: readonly number[], target: number, controls: number): Pass =>
  name === "x" ? pass(PassKind.x, target, -1, controls) : matrixPass(target, matrixOf(name, params), controls);

// The target gate of each controlled gate with one control.
const CONTROLLED: Record<string, string> = {
  cx: "x", cy: "y", cz: "z", ch: "h", csx: "sx", crx: "rx", cry: "ry", crz: "rz", cp: "p", cu1: "u1", cu3: "u3",
};

/** Definitions in terms of other gates (Qiskit's), for the gates without a kernel of their own. */
export const decompose = (op: GateOp): GateOp[] | undefined => {
  const [q0, q1] = op.qubits;
  const g = (name: string, qubits: number[], params: number[] = []): GateOp => ({ name, qubits, params });
  switch (op.name) {
    case "rxx":
      return [g("h", [q0]), g("h", [q1]), g("rzz", [q0, q1], op.params), g("h", [q0]), g("h", [q1])];
    case "ecr": {
      // ECR = RZX(π/4) · (X ⊗ I) · RZX(−π/4), RZX(θ) = (I⊗H)·CX·RZ(θ)·CX·(I⊗H), Z on the first qubit.
      const rzx = (theta: number) => [g("h", [q1]), g("cx", [q0, q1]), g("rz", [q1], [theta]), g("cx", [q0, q1]), g("h", [q1])];
      return [...rzx(Math.PI / 4), g("x", [q0]), ...rzx(-Math.PI / 4)];
    }
    case "cu": {
      const [theta, phi, lambda, gamma] = op.params;
      return [g("p", [q0], [gamma]), g("cu3", [q0, q1], [theta, phi, lambda])];
    }
    default:
      return undefined;
  }
};

/** The passes of one gate, appended to `out`. The caller has checked arity, parameters and qubit indexes. */
export const gatePasses = (op: GateOp, out: Pass[] = [], extra = 0): Pass[] => {
  const k = op.controls ?? 0;
  let mask = extra;
  for (let c = 0; c < k; c += 1) mask |= 1 << op.qubits[c];
  const qubits = k === 0 ? op.qubits : op.qubits.slice(k);
  const { name, params } = op;
  if (qubits.length === 1) {
    if (name !== "id" && name !== "u0") out.push(oneQubitPass(name, params, qubits[0], mask));
    return out;
  }
  const target = CONTROLLED[name];
  if (target) {
    out.push(oneQubitPass(target, params, qubits[1], mask | (1 << qubits[0])));
    return out;
  }
  switch (name) {
    case "swap": out.push(pass(PassKind.swap, qubits[0], qubits[1], mask)); return out;
    case "ccx": out.push(pass(PassKind.x, qubits[2], -1, mask | (1 << qubits[0]) | (1 << qubits[1]))); return out;
    case "cswap": out.push(pass(PassKind.swap, qubits[1], qubits[2], mask | (1 << qubits[0]))); return out;
    case "rzz":
      if (mask === 0) {
        out.push(pass(PassKind.zz, qubits[0], qubits[1], 0, [Math.cos(params[0] / 2), Math.sin(params[0] / 2), 0, 0, 0, 0, 0, 0]));
        return out;
      }
      // Under controls: CX · RZ · CX, each part controlled (exact, global phase included).
      for (const part of [
        { name: "cx", qubits: [qubits[0], qubits[1]], params: [] },
        { name: "rz", qubits: [qubits[1]], params },
        { name: "cx", qubits: [qubits[0], qubits[1]], params: [] },
      ]) gatePasses(part, out, mask);
      return out;
  }
  // Gates without a kernel of their own are decomposed; the decompositions are exact, global phase
  // included, so controlling each part controls the whole.
  const parts = decompose({ name, qubits, params });
  if (!parts) throw new Error(`unknown gate ${name}`);
  for (const part of parts) gatePasses(part, out, mask);
  return out;
};

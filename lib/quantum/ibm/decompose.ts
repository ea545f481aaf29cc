// Every gate of the simulator's set rewritten into one-qubit gates and CX (Qiskit's standard
// equivalences; tests compare each with the simulator's own kernel up to a global phase).
import { GATES, decompose as simulatorDecompose, type GateOp } from "../../simulator/passes/gates";

const g = (name: string, qubits: number[], params: number[] = []): GateOp => ({ name, qubits, params });
const PI = Math.PI;

const cu3 = (c: number, t: number, theta: number, phi: number, lambda: number): GateOp[] => [
  g("p", [c], [(lambda + phi) / 2]),
  g("p", [t], [(lambda - phi) / 2]),
  g("cx", [c, t]),
  g("u3", [t], [-theta / 2, 0, -(phi + lambda) / 2]),
  g("cx", [c, t]),
  g("u3", [t], [theta / 2, phi, 0]),
];

const cp = (c: number, t: number, lambda: number): GateOp[] => [
  g("p", [c], [lambda / 2]),
  g("cx", [c, t]),
  g("p", [t], [-lambda / 2]),
  g("cx", [c, t]),
  g("p", [t], [lambda / 2]),
];

const ccx = (a: number, b: number, c: number): GateOp[] => [
  g("h", [c]), g("cx", [b, c]), g("tdg", [c]), g("cx", [a, c]), g("t", [c]), g("cx", [b, c]), g("tdg", [c]), g("cx", [a, c]),
  g("t", [b]), g("t", [c]), g("h", [c]), g("cx", [a, b]), g("t", [a]), g("tdg", [b]), g("cx", [a, b]),
];

const step = (op: GateOp): GateOp[] | undefined => {
  const [a, b, c] = op.qubits;
  const [x = 0, y = 0, z = 0, w = 0] = op.params;
  switch (op.name) {
    case "cy": return [g("sdg", [b]), g("cx", [a, b]), g("s", [b])];
    case "cz": return [g("h", [b]), g("cx", [a, b]), g("h", [b])];
    case "ch": return [g("s", [b]), g("h", [b]), g("t", [b]), g("cx", [a, b]), g("tdg", [b]), g("h", [b]), g("sdg", [b])];
    case "csx": return [g("h", [b]), ...cp(a, b, PI / 2), g("h", [b])];
    case "swap": return [g("cx", [a, b]), g("cx", [b, a]), g("cx", [a, b])];
    case "crx": return [g("p", [b], [PI / 2]), g("cx", [a, b]), g("u3", [b], [-x / 2, 0, 0]), g("cx", [a, b]), g("u3", [b], [x / 2, -PI / 2, 0])];
    case "cry": return [g("ry", [b], [x / 2]), g("cx", [a, b]), g("ry", [b], [-x / 2]), g("cx", [a, b])];
    case "crz": return [g("rz", [b], [x / 2]), g("cx", [a, b]), g("rz", [b], [-x / 2]), g("cx", [a, b])];
    case "cp": case "cu1": return cp(a, b, x);
    case "cu3": return cu3(a, b, x, y, z);
    case "cu": return [g("p", [a], [w]), ...cu3(a, b, x, y, z)];
    case "rzz": return [g("cx", [a, b]), g("rz", [b], [x]), g("cx", [a, b])];
    case "ccx": return ccx(a, b, c);
    case "cswap": return [g("cx", [c, b]), ...ccx(a, b, c), g("cx", [c, b])];
    default: return simulatorDecompose(op);
  }
};

/** The circuit's gates as one-qubit gates and CX only. */
export const toCxBasis = (ops: readonly GateOp[]): GateOp[] => {
  const out: GateOp[] = [];
  const visit = (op: GateOp) => {
    if (GATES[op.name]?.qubits === 1 || op.name === "cx") {
      out.push(op);
      return;
    }
    const parts = step(op);
    if (!parts) throw new Error(`no decomposition for ${op.name}`);
    parts.forEach(visit);
  };
  ops.forEach(visit);
  return out;
};

// A circuit in a backend's instruction set (ISA): gates decomposed into its basis gates
// (rz/sx/x with cx, ecr or cz; or u3), logical qubits laid on a line of physical qubits of its
// coupling map, SWAPs inserted where a two-qubit gate spans non-neighbours, and directed edges
// respected. One-qubit runs are merged into one unitary and re-synthesised.
import type { Circuit } from "../../simulator/passes/circuit";
import type { GateOp } from "../../simulator/passes/gates";
import type { Matrix2 } from "../../simulator/passes/pass";
import { matrixOf } from "../../simulator/passes/gates";
import { toCxBasis } from "./decompose";
import { IDENTITY, multiply, u3Angles, zsxOps } from "./euler";

export type BackendTarget = { name?: string; basisGates: string[]; couplingMap?: [number, number][]; numQubits?: number };

export class TranspileError extends Error {}

const g = (name: string, qubits: number[], params: number[] = []): GateOp => ({ name, qubits, params });

/** A simple path of `length` physical qubits in the (undirected) coupling graph, by depth-first search. */
export const findLine = (edges: [number, number][], length: number): number[] | undefined => {
  const neighbours = new Map<number, Set<number>>();
  for (const [a, b] of edges) {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const nodes = [...neighbours.keys()].sort((a, b) => a - b);
  if (length === 1) return nodes.length > 0 ? [nodes[0]] : [0];
  let budget = 200_000;
  const extend = (path: number[], used: Set<number>): number[] | undefined => {
    if (path.length === length) return path;
    if (--budget < 0) return undefined;
    for (const next of [...(neighbours.get(path[path.length - 1]) ?? [])].sort((a, b) => a - b)) {
      if (used.has(next)) continue;
      used.add(next);
      const found = extend([...path, next], used);
      if (found) return found;
      used.delete(next);
    }
    return undefined;
  };
  for (const start of nodes) {
    const found = extend([start], new Set([start]));
    if (found) return found;
  }
  return undefined;
};

// Logical CX gates → physical CX gates on neighbouring qubits, plus the final layout.
const route = (ops: GateOp[], qubits: number, target: BackendTarget) => {
  const edges = target.couplingMap;
  const line = edges && edges.length > 0 ? findLine(edges, qubits) : Array.from({ length: qubits }, (_, k) => k);
  if (!line) throw new TranspileError(`backend ${target.name ?? ""} has no line of ${qubits} connected qubits`);
  if (target.numQubits !== undefined && qubits > target.numQubits) throw new TranspileError(`the circuit needs ${qubits} qubits; the backend has ${target.numQubits}`);
  const pos = Array.from({ length: qubits }, (_, k) => k);
  const at = Array.from({ length: qubits }, (_, k) => k);
  const physical = (logical: number) => line[pos[logical]];
  const out: GateOp[] = [];
  const swapPositions = (i: number, j: number) => {
    const [a, b] = [line[i], line[j]];
    out.push(g("cx", [a, b]), g("cx", [b, a]), g("cx", [a, b]));
    const [li, lj] = [at[i], at[j]];
    [at[i], at[j]] = [lj, li];
    pos[li] = j;
    pos[lj] = i;
  };
  for (const op of ops) {
    if (op.qubits.length === 1) {
      out.push(g(op.name, [physical(op.qubits[0])], op.params));
      continue;
    }
    const [c, t] = op.qubits;
    if (edges && edges.length > 0) {
      while (Math.abs(pos[c] - pos[t]) > 1) swapPositions(pos[t], pos[t] + Math.sign(pos[c] - pos[t]));
    }
    out.push(g("cx", [physical(c), physical(t)]));
  }
  return { ops: out, layout: Array.from({ length: qubits }, (_, k) => physical(k)) };
};

// Physical CX → the backend's two-qubit gate, turned around (with Hadamards) on a one-way edge.
const twoQubitBasis = (ops: GateOp[], target: BackendTarget): GateOp[] => {
  const basis = new Set(target.basisGates);
  const kind = basis.has("cx") ? "cx" : basis.has("ecr") ? "ecr" : basis.has("cz") ? "cz" : undefined;
  const directed = new Set((target.couplingMap ?? []).map(([a, b]) => `${a},${b}`));
  const allowed = (c: number, t: number) => directed.size === 0 || kind === "cz" || directed.has(`${c},${t}`);
  const out: GateOp[] = [];
  const emit = (c: number, t: number) => {
    if (kind === "cx") out.push(g("cx", [c, t]));
    else if (kind === "ecr") out.push(g("rz", [c], [-Math.PI / 2]), g("ry", [c], [Math.PI]), g("rx", [t], [Math.PI / 2]), g("ecr", [c, t]));
    else out.push(g("h", [t]), g("cz", [c, t]), g("h", [t]));
  };
  for (const op of ops) {
    if (op.name !== "cx") {
      out.push(op);
      continue;
    }
    if (!kind) throw new TranspileError(`backend ${target.name ?? ""} has no two-qubit gate this client can target (cx, ecr or cz) in ${[...basis].join(", ")}`);
    const [c, t] = op.qubits;
    if (allowed(c, t)) emit(c, t);
    else {
      out.push(g("h", [c]), g("h", [t]));
      emit(t, c);
      out.push(g("h", [c]), g("h", [t]));
    }
  }
  return out;
};

// Runs of one-qubit gates → one unitary per run → rz/sx/x (or u3).
const oneQubitBasis = (ops: GateOp[], target: BackendTarget): GateOp[] => {
  const basis = new Set(target.basisGates);
  const zsx = basis.has("rz") && basis.has("sx");
  const u3 = basis.has("u3") ? "u3" : basis.has("u") ? "u" : undefined;
  if (!zsx && !u3) throw new TranspileError(`backend ${target.name ?? ""} has no one-qubit basis this client can target (rz + sx, or u3)`);
  const pending = new Map<number, Matrix2>();
  const out: GateOp[] = [];
  const flush = (q: number) => {
    const u = pending.get(q);
    pending.delete(q);
    if (!u) return;
    if (zsx) {
      const synthesized = zsxOps(u, q);
      // Without x in the basis, x becomes two sx.
      out.push(...synthesized.flatMap((op) => (op.name === "x" && !basis.has("x") ? [g("sx", [q]), g("sx", [q])] : [op])));
    } else {
      const [theta, phi, lambda] = u3Angles(u);
      out.push(g(u3!, [q], [theta, phi, lambda]));
    }
  };
  for (const op of ops) {
    if (op.qubits.length === 1) {
      const q = op.qubits[0];
      pending.set(q, multiply(matrixOf(op.name, op.params), pending.get(q) ?? IDENTITY));
      continue;
    }
    for (const q of op.qubits) flush(q);
    out.push(op);
  }
  for (const q of [...pending.keys()].sort((a, b) => a - b)) flush(q);
  return out;
};

export type IsaCircuit = { circuit: Circuit; layout: number[] };

/** The circuit in the target's ISA: physical qubit indices, basis gates only, measurements moved along. */
export const transpile = (c: Circuit, target: BackendTarget): IsaCircuit => {
  if (c.program) throw new TranspileError("a circuit that measures, resets or branches mid-circuit cannot be sent; run it on the simulator");
  const routed = route(toCxBasis(c.ops), c.qubits, target);
  const ops = oneQubitBasis(twoQubitBasis(routed.ops, target), target);
  const width = Math.max(c.qubits, ...routed.layout.map((p) => p + 1));
  return {
    circuit: { qubits: width, clbits: c.clbits, ops, measurements: c.measurements.map((m) => ({ qubit: routed.layout[m.qubit], clbit: m.clbit })) },
    layout: routed.layout,
  };
};

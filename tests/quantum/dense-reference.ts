// A reference for small dynamic circuits, written independently of the simulator's kernels: the
// state is a list of (classical bits, density matrix) pairs; gates are full 2^n × 2^n unitaries
// built here from their textbook matrices (ρ → UρU†), measurement and reset are projections
// (ρ → PρP, split by outcome), and a condition selects which pairs a step acts on. Slow (n ≤ 4)
// and obviously right, which is what a reference should be.
import type { Circuit, ClassicalExpr, Condition, GateOp, Instruction } from "../../lib/simulator";

type C = [number, number];
type Matrix = C[][];

const mul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const add = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
const conj = (a: C): C => [a[0], -a[1]];
const expi = (t: number): C => [Math.cos(t), Math.sin(t)];
const zeros = (n: number): Matrix => Array.from({ length: n }, () => Array.from({ length: n }, (): C => [0, 0]));

const R = Math.SQRT1_2;
// Textbook 2×2 matrices [[a, b], [c, d]].
const ONE: Record<string, (p: number[]) => C[][]> = {
  x: () => [[[0, 0], [1, 0]], [[1, 0], [0, 0]]],
  y: () => [[[0, 0], [0, -1]], [[0, 1], [0, 0]]],
  z: () => [[[1, 0], [0, 0]], [[0, 0], [-1, 0]]],
  h: () => [[[R, 0], [R, 0]], [[R, 0], [-R, 0]]],
  s: () => [[[1, 0], [0, 0]], [[0, 0], [0, 1]]],
  sdg: () => [[[1, 0], [0, 0]], [[0, 0], [0, -1]]],
  t: () => [[[1, 0], [0, 0]], [[0, 0], expi(Math.PI / 4)]],
  tdg: () => [[[1, 0], [0, 0]], [[0, 0], expi(-Math.PI / 4)]],
  sx: () => [[[0.5, 0.5], [0.5, -0.5]], [[0.5, -0.5], [0.5, 0.5]]],
  rx: ([a]) => [[[Math.cos(a / 2), 0], [0, -Math.sin(a / 2)]], [[0, -Math.sin(a / 2)], [Math.cos(a / 2), 0]]],
  ry: ([a]) => [[[Math.cos(a / 2), 0], [-Math.sin(a / 2), 0]], [[Math.sin(a / 2), 0], [Math.cos(a / 2), 0]]],
  rz: ([a]) => [[expi(-a / 2), [0, 0]], [[0, 0], expi(a / 2)]],
  p: ([a]) => [[[1, 0], [0, 0]], [[0, 0], expi(a)]],
  u3: ([t, f, l]) => [
    [[Math.cos(t / 2), 0], mul([-Math.sin(t / 2), 0], expi(l))],
    [mul([Math.sin(t / 2), 0], expi(f)), mul([Math.cos(t / 2), 0], expi(f + l))],
  ],
};
// Two- and three-qubit gates as (controls, one-qubit target gate) or explicit permutations.
const CONTROLLED: Record<string, string> = { cx: "x", cy: "y", cz: "z", ch: "h", cp: "p", crx: "rx", cry: "ry", crz: "rz" };

/** The full unitary of a gate on n qubits (qubit k is bit k of the index). */
export const unitary = (op: GateOp, n: number): Matrix => {
  const size = 2 ** n;
  const u = zeros(size);
  let controls = op.qubits.slice(0, op.controls ?? 0);
  let rest = op.qubits.slice(op.controls ?? 0);
  let name = op.name;
  if (CONTROLLED[name]) {
    controls = [...controls, rest[0]];
    rest = rest.slice(1);
    name = CONTROLLED[name];
  } else if (name === "ccx") {
    controls = [...controls, rest[0], rest[1]];
    rest = rest.slice(2);
    name = "x";
  } else if (name === "cswap") {
    controls = [...controls, rest[0]];
    rest = rest.slice(1);
    name = "swap";
  }
  const on = (i: number) => controls.every((q) => ((i >> q) & 1) === 1);
  for (let i = 0; i < size; i += 1) {
    if (!on(i)) {
      u[i][i] = [1, 0];
      continue;
    }
    if (name === "swap") {
      const [a, b] = rest;
      const bitA = (i >> a) & 1;
      const bitB = (i >> b) & 1;
      const j = (i & ~(1 << a) & ~(1 << b)) | (bitB << a) | (bitA << b);
      u[j][i] = [1, 0];
      continue;
    }
    const m = ONE[name](op.params);
    const q = rest[0];
    const bit = (i >> q) & 1;
    const i0 = i & ~(1 << q);
    u[i0][i] = m[0][bit];
    u[i0 | (1 << q)][i] = m[1][bit];
  }
  return u;
};

const conjugate = (u: Matrix, rho: Matrix): Matrix => {
  const n = rho.length;
  const tmp = zeros(n);
  for (let i = 0; i < n; i += 1) for (let k = 0; k < n; k += 1) if (u[i][k][0] !== 0 || u[i][k][1] !== 0) for (let j = 0; j < n; j += 1) tmp[i][j] = add(tmp[i][j], mul(u[i][k], rho[k][j]));
  const out = zeros(n);
  for (let i = 0; i < n; i += 1) for (let k = 0; k < n; k += 1) for (let j = 0; j < n; j += 1) if (u[j][k][0] !== 0 || u[j][k][1] !== 0) out[i][j] = add(out[i][j], mul(tmp[i][k], conj(u[j][k])));
  return out;
};

// P_outcome ρ P_outcome, and with flip: X·P1 ρ P1·X (reset).
const project = (rho: Matrix, q: number, outcome: number, flip: boolean): Matrix => {
  const n = rho.length;
  const out = zeros(n);
  const move = (i: number) => (flip ? i ^ (1 << q) : i);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) if (((i >> q) & 1) === outcome && ((j >> q) & 1) === outcome) out[move(i)][move(j)] = rho[i][j];
  return out;
};

const trace = (rho: Matrix) => rho.reduce((sum, row, i) => sum + row[i][0], 0);

// Classical values, written out again here from the OpenQASM 3 meaning of each operator (whole
// numbers through BigInt for the bitwise ones; `xor` is the exclusive or, `^` the power).
const value = (e: ClassicalExpr, bits: number[], vars: number[]): number => {
  switch (e.kind) {
    case "number": return e.value;
    case "bits": return e.clbits.reduce((sum, bit, k) => sum + bits[bit] * 2 ** k, 0);
    case "variable": return vars[e.slot] ?? 0;
    case "unary": {
      const a = value(e.arg, bits, vars);
      return e.op === "-" ? -a : e.op === "!" ? Number(a === 0) : Number(~BigInt(a));
    }
    case "convert": {
      const a = value(e.arg, bits, vars);
      if (e.type === "bool" || (e.type === "bit" && e.width === undefined)) return Number(a !== 0);
      if (e.type === "int") return Number(BigInt.asIntN(e.width ?? 32, BigInt(Math.trunc(a))));
      if (e.type === "uint" || e.type === "bit") return Number(BigInt.asUintN(e.width ?? 32, BigInt(Math.trunc(a))));
      return a;
    }
    case "binary": {
      const a = value(e.left, bits, vars);
      const b = value(e.right, bits, vars);
      const table: Record<string, () => number> = {
        "+": () => a + b, "-": () => a - b, "*": () => a * b, "/": () => a / b, "%": () => a % b, "^": () => a ** b,
        "==": () => Number(a === b), "!=": () => Number(a !== b), "<": () => Number(a < b), "<=": () => Number(a <= b), ">": () => Number(a > b), ">=": () => Number(a >= b),
        "&&": () => Number(a !== 0 && b !== 0), "||": () => Number(a !== 0 || b !== 0),
        "&": () => Number(BigInt(a) & BigInt(b)), "|": () => Number(BigInt(a) | BigInt(b)), xor: () => Number(BigInt(a) ^ BigInt(b)),
        "<<": () => Number(BigInt(a) << BigInt(b)), ">>": () => Number(BigInt(a) >> BigInt(b)),
      };
      return table[e.op]();
    }
  }
};

const holds = (conditions: Condition[] | undefined, bits: number[], vars: number[]) =>
  (conditions ?? []).every((c) => {
    const met = "test" in c ? value(c.test, bits, vars) !== 0 : c.clbits.reduce((sum, bit, k) => sum + bits[bit] * 2 ** k, 0) === c.value;
    return met !== Boolean(c.negate);
  });

/**
 * The exact distribution over the classical bits of a circuit, dynamic or not (bit 0 rightmost).
 * Each part of the mixture runs the program on its own (a step counter, its bits and variables);
 * parts below `negligible` probability are dropped, so that a loop repeating until a measurement
 * succeeds ends.
 */
export const referenceDistribution = (c: Circuit, negligible = 1e-18): Record<string, number> => {
  const program: Instruction[] = c.program ?? [
    ...c.ops.map((op): Instruction => ({ kind: "gate", op })),
    ...c.measurements.map((m): Instruction => ({ kind: "measure", ...m })),
  ];
  const size = 2 ** c.qubits;
  const start = zeros(size);
  start[0][0] = [1, 0];
  type Part = { pc: number; bits: number[]; vars: number[]; rho: Matrix };
  const running: Part[] = [{ pc: 0, bits: Array(c.clbits).fill(0), vars: [], rho: start }];
  const out: Record<string, number> = {};
  while (running.length > 0) {
    const part = running.pop()!;
    if (part.pc >= program.length) {
      const key = [...part.bits].reverse().join("");
      out[key] = (out[key] ?? 0) + trace(part.rho);
      continue;
    }
    const step = program[part.pc];
    const next = { ...part, pc: part.pc + 1 };
    if (!holds(step.when, part.bits, part.vars)) {
      running.push(next);
      continue;
    }
    switch (step.kind) {
      case "gate":
        running.push({ ...next, rho: conjugate(unitary(step.op, c.qubits), part.rho) });
        break;
      case "jump":
        running.push({ ...next, pc: step.to });
        break;
      case "set": {
        const vars = [...part.vars];
        vars[step.slot] = value(step.value, part.bits, part.vars);
        running.push({ ...next, vars });
        break;
      }
      case "write": {
        const v = value(step.value, part.bits, part.vars);
        const bits = [...part.bits];
        step.clbits.forEach((bit, k) => (bits[bit] = Math.floor(v / 2 ** k) % 2));
        running.push({ ...next, bits });
        break;
      }
      default:
        for (const outcome of [0, 1]) {
          const rho = project(part.rho, step.qubit, outcome, step.kind === "reset" && outcome === 1);
          if (trace(rho) < negligible) continue;
          const bits = [...part.bits];
          if (step.kind === "measure") bits[step.clbit] = outcome;
          running.push({ ...next, bits, rho });
        }
    }
  }
  return out;
};

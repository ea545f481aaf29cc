// A circuit: a register size, gates in order, and the classical bits each qubit is measured into
// at the end. Without measurements every qubit is measured, qubit k into bit k.
import { SimulatorLimitError } from "../errors";
import { GATES, type GateOp } from "./gates";

export type Measurement = { qubit: number; clbit: number };

/**
 * A classical value computed while a dynamic circuit runs, from its bits (read as an unsigned
 * number, the first bit least significant), its variables (numbered from 0), numbers, operators
 * (those of run/classical.ts: `xor` is the exclusive or, `^` the power) and type conversions.
 */
export type ClassicalExpr =
  | { kind: "number"; value: number }
  | { kind: "bits"; clbits: number[] }
  | { kind: "variable"; slot: number }
  | { kind: "unary"; op: string; arg: ClassicalExpr }
  | { kind: "binary"; op: string; left: ClassicalExpr; right: ClassicalExpr }
  | { kind: "convert"; type: string; width?: number; arg: ClassicalExpr };

/**
 * A classical condition: the bits `clbits` (least significant first) read as a number equal
 * `value`, or a classical expression is not 0 (`test`); `negate` turns it around.
 */
export type Condition = { clbits: number[]; value: number; negate?: boolean } | { test: ClassicalExpr; negate?: boolean };

/**
 * One step of a dynamic circuit; `when` lists conditions that must all hold for it to happen.
 * Besides the quantum steps: `set` gives a variable a value, `write` puts a value's low bits into
 * bits (bit k of the value into `clbits[k]`), `jump` goes on at step `to` (a loop, a break).
 */
export type Instruction =
  | { kind: "gate"; op: GateOp; when?: Condition[] }
  | { kind: "measure"; qubit: number; clbit: number; when?: Condition[] }
  | { kind: "reset"; qubit: number; when?: Condition[] }
  | { kind: "set"; slot: number; value: ClassicalExpr; when?: Condition[] }
  | { kind: "write"; clbits: number[]; value: ClassicalExpr; when?: Condition[] }
  | { kind: "jump"; to: number; when?: Condition[] };

/**
 * A barrier as the program wrote it: it changes nothing in a simulation; diagrams draw it. `at` is
 * how many steps come before it: of `program` for a dynamic circuit, of `ops` for a static one.
 */
export type Barrier = { at: number; qubits: number[] };

export type Circuit = {
  qubits: number;
  /** Classical bits; the result's bitstrings have this many characters (bit 0 rightmost). */
  clbits: number;
  /** The gates in order (for a dynamic circuit: every gate of `program`, conditional or not). */
  ops: GateOp[];
  /** Measurements at the end (a static circuit; empty for a dynamic one, whose program measures). */
  measurements: Measurement[];
  /**
   * A dynamic circuit: mid-circuit measurement, reset or classically controlled steps. When set it
   * is the whole program (run by shot branching) and `ops`/`measurements` only describe it.
   */
  program?: Instruction[];
  /** How many classical variables the program's `set` steps use (slots 0 … variables − 1; 0 when absent). */
  variables?: number;
  /** The program's barriers, in order (absent when it has none); only diagrams read them. */
  barriers?: Barrier[];
};

/** A circuit over n qubits, every one measured into its own bit. */
export const circuit = (qubits: number, ops: GateOp[] = []): Circuit => ({
  qubits,
  clbits: qubits,
  ops,
  measurements: Array.from({ length: qubits }, (_, k) => ({ qubit: k, clbit: k })),
});

/** `gate("ry", [0], [θ])` — shorthand for building ops. */
export const gate = (name: string, qubits: number[], params: number[] = []): GateOp => ({ name, qubits, params });

/** Throws when an op does not fit its gate or the register (a programming error, not user input). */
export const checkOps = (c: Circuit) => {
  for (const op of c.ops) {
    const spec = GATES[op.name];
    if (!spec) throw new Error(`unknown gate ${op.name}`);
    const controls = op.controls ?? 0;
    if (!Number.isInteger(controls) || controls < 0) throw new Error(`${op.name} has ${controls} controls`);
    if (op.qubits.length !== spec.qubits + controls || op.params.length !== spec.params) throw new Error(`${op.name} takes ${spec.qubits} qubits and ${spec.params} parameters`);
    if (new Set(op.qubits).size !== op.qubits.length) throw new Error(`${op.name} repeats a qubit`);
    for (const q of op.qubits) if (!Number.isInteger(q) || q < 0 || q >= c.qubits) throw new Error(`${op.name} on qubit ${q} outside 0…${c.qubits - 1}`);
    for (const p of op.params) if (!Number.isFinite(p)) throw new Error(`${op.name} has a parameter that is not a finite number`);
  }
};

/** The cost limits a caller sets for the circuits it runs (for circuits from users: the app's settings). */
export type SimulatorLimits = {
  /** Gates in the circuit. */
  maxGates: number;
  /** Gates × 2^qubits: what evolving the statevector costs. */
  maxGateWork: number;
};

/** Throws when a circuit costs more than the limits allow: gate count, and gates × 2^n. */
export const checkWork = (c: Circuit, limits: SimulatorLimits) => {
  const gates = c.ops.length;
  const size = { qubits: c.qubits, gates };
  if (gates > limits.maxGates) throw new SimulatorLimitError("maxGates", limits.maxGates, gates, size, `${gates} gates are more than ${limits.maxGates} (maxGates)`);
  const work = gates * 2 ** c.qubits;
  if (work > limits.maxGateWork) {
    throw new SimulatorLimitError("maxGateWork", limits.maxGateWork, work, size, `${gates} gates on ${c.qubits} qubits are more work than ${limits.maxGateWork} (maxGateWork, gates × 2^qubits)`);
  }
};

// Circuit → OpenQASM 3 (stdgates.inc names; the few gates it lacks are defined in the program),
// for the analyses' `?format=qasm` and for submission to a hosted backend. Parameters are written
// at full double precision.
import type { Circuit } from "../../simulator/passes/circuit";
import type { GateOp } from "../../simulator/passes/gates";

// Gates outside stdgates.inc, defined from ones inside it (global phase as in their matrices
// where it matters: csx is exact; sxdg is defined up to a global phase, harmless uncontrolled).
const DEFINITIONS: Record<string, string> = {
  sxdg: "gate sxdg a { s a; h a; s a; }",
  csx: "gate csx a, b { h b; cp(pi/2) a, b; h b; }",
  rzz: "gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }",
  rxx: "gate rxx(theta) a, b { h a; h b; cx a, b; rz(theta) b; cx a, b; h a; h b; }",
  ecr: "gate ecr a, b { h b; cx a, b; rz(pi/4) b; cx a, b; h b; x a; h b; cx a, b; rz(-pi/4) b; cx a, b; h b; }",
};

// qelib1 names that stdgates.inc spells differently.
const RENAME = (op: GateOp): GateOp | undefined => {
  switch (op.name) {
    case "u": return { ...op, name: "u3" };
    case "cu1": return { ...op, name: "cp" };
    case "cu3": return { ...op, name: "cu", params: [...op.params, 0] };
    case "u0": case "id": return undefined;
    default: return op;
  }
};

export const formatNumber = (value: number) => (Object.is(value, -0) ? "0" : String(value));

export type EmitOptions = {
  /** Physical qubits ($0, $1, …) instead of a declared register: an ISA circuit for hardware. */
  physical?: number[];
  /** Gates the target knows natively and that need no definition. */
  native?: string[];
};

export const toQasm3 = (c: Circuit, options: EmitOptions = {}): string => {
  const qubit = (k: number) => (options.physical ? `$${options.physical[k]}` : `q[${k}]`);
  const ops = c.ops.map(RENAME).filter((op): op is GateOp => op !== undefined);
  const lines = ["OPENQASM 3.0;", 'include "stdgates.inc";'];
  const used = new Set(ops.map((op) => op.name));
  for (const [name, definition] of Object.entries(DEFINITIONS)) if (used.has(name) && !options.native?.includes(name)) lines.push(definition);
  if (!options.physical) lines.push(`qubit[${c.qubits}] q;`);
  lines.push(`bit[${c.clbits}] c;`);
  for (const op of ops) {
    const params = op.params.length > 0 ? `(${op.params.map(formatNumber).join(", ")})` : "";
    const modifier = op.controls ? `ctrl(${op.controls}) @ ` : "";
    lines.push(`${modifier}${op.name}${params} ${op.qubits.map(qubit).join(", ")};`);
  }
  for (const m of c.measurements) lines.push(`c[${m.clbit}] = measure ${qubit(m.qubit)};`);
  return lines.join("\n") + "\n";
};

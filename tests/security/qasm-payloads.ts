// Hostile OpenQASM for POST /quantum/run: the programs that took the server down (issue 10), and
// generators of more like them. Each must be refused with a 400 naming a limit, quickly.
import fc from "fast-check";

const HEADER = 'OPENQASM 2.0;\ninclude "qelib1.inc";\n';

/** Gate definitions nested `depth` deep, each calling the previous twice: 2^depth operations. */
export const nestedGates = (depth: number) => {
  const lines = [HEADER, "qreg q[1];", "gate g0 a { h a; }"];
  for (let level = 1; level <= depth; level += 1) lines.push(`gate g${level} a { g${level - 1} a; g${level - 1} a; }`);
  lines.push(`g${depth} q[0];`);
  return lines.join("\n");
};

export const hugeCreg = (bits: number) => `${HEADER}qreg q[1];\ncreg c[${bits}];\nh q[0];\n`;

export const hugeQreg = (qubits: number) => `${HEADER}qreg q[${qubits}];\nh q[0];\n`;

/** An angle nested `depth` parentheses (or negations) deep. */
export const deepExpression = (depth: number, kind: "parens" | "negation" = "parens") =>
  `${HEADER}qreg q[1];\nrx(${kind === "parens" ? `${"(".repeat(depth)}pi${")".repeat(depth)}` : `${"-".repeat(depth)}pi`}) q[0];\n`;

export const repeatedQubitInGate = () => `${HEADER}qreg q[2];\ngate bad a,b { cx a,a; }\nbad q[0],q[1];\n`;

/** The payloads of the report, by name. */
export const CRASH_PAYLOADS: Record<string, string> = {
  "gate definitions nested 26 deep (833 bytes, 2^26 operations)": nestedGates(26),
  "creg c[100000000]": hugeCreg(100_000_000),
  "creg c[1000000]": hugeCreg(1_000_000),
  "qreg q[100000000]": hugeQreg(100_000_000),
  "expression nested 100000 parentheses deep": deepExpression(100_000),
  "expression of 100000 negations": deepExpression(100_000, "negation"),
  "gate body repeating a qubit (cx a,a)": repeatedQubitInGate(),
};

export const hostileQasm = fc.oneof(
  fc.integer({ min: 16, max: 40 }).map(nestedGates),
  fc.integer({ min: 100_000, max: 2_000_000_000 }).map(hugeCreg),
  fc.integer({ min: 31, max: 2_000_000_000 }).map(hugeQreg),
  fc.tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom("parens" as const, "negation" as const)).map(([depth, kind]) => deepExpression(depth, kind)),
  fc.constant(repeatedQubitInGate()),
);

export const BELL = `${HEADER}qreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;\n`;

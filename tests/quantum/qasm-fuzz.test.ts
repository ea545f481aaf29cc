// Hostile and random programs: the reader either returns a circuit or throws a QasmError (a 400
// naming the place), never anything else; what it returns runs without any other error.
// A fixed seed; FUZZ_RUNS=<n> sets the number of programs (600 in the suite; a long run such as
// FUZZ_RUNS=10000 belongs outside it, as with `npm run fuzz`).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/core/errors";
import { parseQasm, QasmError } from "../../lib/quantum/qasm";
import { simulate } from "../../lib/simulator";

const VOCABULARY = [
  "OPENQASM", "2.0", "3.0", "3", "include", '"qelib1.inc"', '"stdgates.inc"', "qreg", "creg", "qubit", "bit", "q", "c", "r", "gate", "g", "a", "b",
  "measure", "reset", "barrier", "if", "else", "opaque", "U", "CX", "gphase", "h", "x", "cx", "ccx", "rz", "cu", "c3x", "rccx", "swap",
  "ctrl", "negctrl", "inv", "pow", "@", "(", ")", "[", "]", "{", "}", ";", ",", "->", "=", "==", "!=", "!", "+", "-", "*", "/", "^",
  "pi", "sin", "0", "1", "2", "5", "0.5", "1e308", "99999999999999999999", "true", "\n", "//", "/*", "*/", "\u0000", "é", "$0", '"',
  // OpenQASM 3 classical and timing statements.
  "$1", "$99", "for", "in", "int", "uint", "float[64]", "i", "[0:2]", ":", "{1, 2}", "const", "input", "theta", "delay", "box", "100ns", "2.5us", "dt",
  "duration", "stretch", "durationof", "let", "switch", "defcal", "==", "<", ">=",
  // Subroutines, variables and loops.
  "def", "return", "while", "break", "continue", "bool", "angle[8]", "int[8]", "n", "f", "+=", "-=", "<<=", "^=", "**", "&", "|", "~", "&&", "||",
  "false", "int(", "bool(",
];

const tokens = fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 60 }).map((parts) => parts.join(" "));
// Mostly valid prefixes with random tails, so the reader gets deep into its statements.
const prefixed = fc
  .tuple(
    fc.constantFrom("", "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\ncreg c[3];\n", "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nqubit[3] q;\nbit[3] c;\n", "qreg q[2]; creg c[2];\n",
      "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nqubit[2] q;\nbit[2] c;\nint[8] n = 0;\ndef f(qubit a) -> bit { h a; return measure a; }\n",
      "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nqubit[2] q;\nbit[2] c;\nint n = 3;\nwhile (n > 0) { n -= 1; ",
    ),
    tokens,
  )
  .map(([head, tail]) => head + tail);

const accepts = (source: string) => {
  let circuit;
  try {
    // A budget of reading small enough that a loop the generator makes endless is refused at once.
    circuit = parseQasm(source, { maxExpansionSteps: 50_000 });
  } catch (error) {
    if (error instanceof QasmError) {
      expect(error.line).toBeGreaterThanOrEqual(1);
      expect(error.column).toBeGreaterThanOrEqual(1);
      return;
    }
    throw error;
  }
  if (circuit.qubits > 8) return;
  try {
    const result = simulate(circuit, { shots: 50, seed: 1 });
    expect(Object.values(result.counts).reduce((a, b) => a + b, 0)).toBe(50);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
};

const RUNS = Number(process.env.FUZZ_RUNS ?? 600);

describe("hostile programs", () => {
  it("are read or refused with a QasmError, never another error (property)", () => {
    fc.assert(fc.property(fc.oneof(tokens, prefixed, fc.string({ maxLength: 200 })), accepts), { seed: 424242, numRuns: RUNS });
  });
});

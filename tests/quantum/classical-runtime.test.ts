// Classical computation while the circuit runs: values computed from measured bits, variables
// kept by the running program, bits written, loops the simulator repeats and early exits. Each
// program's exact distribution is checked against a value worked out by hand, and against the
// dense reference (tests/quantum/dense-reference.ts), which runs the same steps its own way.
import { describe, expect, it } from "vitest";
import { circuitDiagram } from "../../lib/quantum/diagram/svg";
import { parseQasm } from "../../lib/quantum/qasm";
import { ClassicalError, SimulatorLimitError, simulate } from "../../lib/simulator";
import { referenceDistribution } from "./dense-reference";

const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

const exactOf = (source: string) => {
  const circuit = parseQasm(source);
  const exact = simulate(circuit, { shots: 1, seed: 1, exact: true, maxWork: 2 ** 30 }).exact!;
  return { circuit, exact };
};

/** Agrees with the reference, and answers the probability of each outcome (rounded to 1e-12). */
const checked = (source: string) => {
  const { circuit, exact } = exactOf(source);
  const reference = referenceDistribution(circuit);
  for (const key of new Set([...Object.keys(exact), ...Object.keys(reference)])) expect(exact[key] ?? 0).toBeCloseTo(reference[key] ?? 0, 12);
  return Object.fromEntries(Object.entries(exact).map(([key, p]) => [key, Math.round(p * 1e12) / 1e12]));
};

/** The probability that bit `k` (0 rightmost) reads 1. */
const bitOne = (distribution: Record<string, number>, k: number) =>
  Object.entries(distribution).reduce((sum, [key, p]) => sum + (key[key.length - 1 - k] === "1" ? p : 0), 0);

describe("values computed from measured bits", () => {
  it("tests an expression of registers: (a & b) == 1 flips the last qubit in 3 of 16 cases", () => {
    const distribution = checked(`${V3}qubit[5] q;\nbit[2] a;\nbit[2] b;\nbit r;\nh q[0:3];\na = measure q[0:1];\nb = measure q[2:3];\nif ((a & b) == 1) x q[4];\nr = measure q[4];`);
    expect(bitOne(distribution, 4)).toBeCloseTo(3 / 16, 12);
    // Exactly the outcomes where a and b share bit 0 and not bit 1.
    for (const [key, p] of Object.entries(distribution)) {
      const value = parseInt(key, 2);
      const [a, b, r] = [value & 3, (value >> 2) & 3, value >> 4];
      expect(r).toBe((a & b) === 1 ? 1 : 0);
      expect(p).toBeCloseTo(1 / 16, 12);
    }
  });

  it("reads <, arithmetic, ~, casts and || on measured bits", () => {
    // c is uniform over 0…3: c < 2 in half the cases, c + 1 == 3 when c is 2, ~c & 3 == 0 when c is 3.
    const distribution = checked(`${V3}qubit[5] q;\nbit[2] c;\nbit[3] r;\nh q[0:1];\nc = measure q[0:1];\nif (c < 2) x q[2];\nif (c + 1 == 3 || (~c & 3) == 0) x q[3];\nif (bool(c[1]) && !c[0]) x q[4];\nr = measure q[2:4];`);
    expect(distribution).toEqual({ "00100": 0.25, "00101": 0.25, "11010": 0.25, "01011": 0.25 });
  });

  it("keeps a variable assigned under a condition, and reads it after", () => {
    const distribution = checked(`${V3}qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nint k = 1;\nif (c[0]) k = 5;\nif (k == 5) x q[1];\nk += 2;\nif (k == 3) z q[1];\nc[1] = measure q[1];`);
    expect(distribution).toEqual({ "00": 0.5, "11": 0.5 });
  });

  it("takes an if's test once, before a body that measures into the bits it reads", () => {
    // First c[0] = 1 (half the shots): the body measures c[0] again, yet x q[1] still runs and the else does not.
    const distribution = checked(`${V3}qubit[3] q;\nbit[3] c;\nh q[0];\nc[0] = measure q[0];\nif (c[0]) {\n  h q[0];\n  c[0] = measure q[0];\n  x q[1];\n} else {\n  x q[2];\n}\nc[1] = measure q[1];\nc[2] = measure q[2];`);
    expect(distribution).toEqual({ "100": 0.5, "010": 0.25, "011": 0.25 });
  });

  it("keeps what a variable read from bits that are then measured again: the value they had", () => {
    // f is the first measurement; c[0] is measured again after a second h: independent of f.
    const distribution = checked(`${V3}qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nbool f = c[0];\nh q[0];\nc[0] = measure q[0];\nif (f) x q[1];\nc[1] = measure q[1];`);
    expect(distribution).toEqual({ "00": 0.25, "01": 0.25, "10": 0.25, "11": 0.25 });
  });

  it("switches on bits its cases measure into by the value they had before", () => {
    // c is 0…3; case 1 measures c again (q[0] after h: 0 or 1) and must not let default run as well.
    const distribution = checked(`${V3}qubit[3] q;\nbit[2] c;\nbit r;\nh q[0:1];\nc = measure q[0:1];\nswitch (c) {\n  case 1 {\n    h q[0];\n    c[0] = measure q[0];\n  }\n  default {\n    x q[2];\n  }\n}\nr = measure q[2];`);
    expect(bitOne(distribution, 2)).toBeCloseTo(0.75, 12);
    expect(distribution).toEqual({ "100": 0.25, "110": 0.25, "111": 0.25, "000": 0.125, "001": 0.125 });
  });

  it("switches on a computed value, as Qiskit writes `switch_dummy = c & 3`", () => {
    const distribution = checked(`${V3}qubit[3] q;\nbit[2] c;\nbit r;\nint switch_dummy;\nh q[0:1];\nc = measure q[0:1];\nswitch_dummy = (c ^ 1) & 3;\nswitch (switch_dummy) {\n  case 0 { x q[2]; }\n  case 3 { }\n  default { x q[2]; }\n}\nr = measure q[2];`);
    // (c xor 1) is 0 for c = 1, 3 for c = 2: q[2] flips for c = 1, 0 and 3.
    expect(distribution).toEqual({ "101": 0.25, "100": 0.25, "010": 0.25, "111": 0.25 });
  });

  it("writes values and copies of measured bits into bits", () => {
    const distribution = checked(`${V3}qubit[1] q;\nbit c;\nbit[3] reps;\nbit[2] w;\nfor uint a in [0:2] {\n  h q[0];\n  c = measure q[0];\n  reps[a] = c;\n  reset q[0];\n}\nw = 6;\nw |= reps[0];`);
    // reps is uniform over 0…7; w is 6 wrapped to two bits (2), or-ed with reps[0].
    expect(Object.keys(distribution)).toHaveLength(8);
    for (const [key, p] of Object.entries(distribution)) {
      const value = parseInt(key, 2);
      const [c, reps, w] = [value & 1, (value >> 1) & 7, value >> 4];
      expect(c).toBe(reps >> 2);
      expect(w).toBe(2 | (reps & 1));
      expect(p).toBeCloseTo(1 / 8, 12);
    }
  });
});

describe("loops the simulator repeats, and early exits", () => {
  it("repeats until a measurement succeeds, counting the attempts", () => {
    const distribution = checked(`${V3}qubit[1] q;\nbit c;\nbit[3] tries;\nint n = 0;\nh q[0];\nc = measure q[0];\nwhile (!c) {\n  reset q[0];\n  h q[0];\n  c = measure q[0];\n  n += 1;\n}\ntries = n;`);
    // n is geometric: P(n = k) = 2^-(k+1); three bits keep n mod 8.
    for (let k = 0; k < 8; k += 1) expect(distribution[`${k.toString(2).padStart(3, "0")}1`]).toBeCloseTo(2 ** -(k + 1) / (1 - 2 ** -8), 12);
  });

  it("resets a qubit on every pass, and stays normalised over hundreds of passes", () => {
    // Each pass succeeds with sin²(π/6) = 1/4 (the reset undoes the x of the pass before).
    const distribution = checked(`${V3}qubit[1] q;\nbit c;\nbit[3] tries;\nint n = 0;\nwhile (!c) {\n  reset q[0];\n  ry(pi / 3) q[0];\n  c = measure q[0];\n  x q[0];\n  n += 1;\n}\ntries = n;`);
    for (let j = 0; j < 8; j += 1) {
      let expected = 0;
      for (let k = j === 0 ? 8 : j; k < 2000; k += 8) expected += 0.75 ** (k - 1) * 0.25;
      expect(distribution[`${j.toString(2).padStart(3, "0")}1`]).toBeCloseTo(expected, 12);
    }
  });

  it("leaves an unrolled for loop by a break under a measured condition, and skips with continue", () => {
    const broken = checked(`${V3}qubit[1] q;\nbit c;\nbit[3] zeros;\nint n = 0;\nfor int i in [0:3] {\n  reset q[0];\n  h q[0];\n  c = measure q[0];\n  if (c) break;\n  n += 1;\n}\nzeros = n;`);
    const byCount = (distribution: Record<string, number>) => {
      const counts: Record<number, number> = {};
      for (const [key, p] of Object.entries(distribution)) counts[parseInt(key.slice(0, 3), 2)] = (counts[parseInt(key.slice(0, 3), 2)] ?? 0) + p;
      return counts;
    };
    expect(byCount(broken)).toEqual({ 0: 0.5, 1: 0.25, 2: 0.125, 3: 0.0625, 4: 0.0625 });
    const skipped = checked(`${V3}qubit[1] q;\nbit c;\nbit[3] zeros;\nint n = 0;\nfor int i in [0:2] {\n  reset q[0];\n  h q[0];\n  c = measure q[0];\n  if (c) continue;\n  n += 1;\n}\nzeros = n;`);
    expect(byCount(skipped)).toEqual({ 0: 0.125, 1: 0.375, 2: 0.375, 3: 0.125 });
  });

  it("runs a while on measured bits with break and continue inside, as Qiskit's nested loops do", () => {
    const distribution = checked(`${V3}qubit[2] q;\nbit[2] cr;\nwhile (cr == 0) {\n  h q[0];\n  h q[1];\n  cr[0] = measure q[0];\n  cr[1] = measure q[1];\n  while (!cr[0]) {\n    break;\n  }\n  if (cr[1]) continue;\n  reset q[1];\n}`);
    // The loop ends once cr is not 0: uniform over the three other values.
    const third = Math.round(1e12 / 3) / 1e12;
    expect(distribution).toEqual({ "01": third, "10": third, "11": third });
  });

  it("pins only what a repeated loop assigns of enclosing scopes: a variable the body declares anew leaves the outer one known", () => {
    const distribution = checked(`${V3}qubit[1] q;\nbit c;\nfloat[64] n = pi;\nwhile (c == 0) {\n  float[64] n = 0.5;\n  reset q[0];\n  rx(n) q[0];\n  c = measure q[0];\n}\nrx(n) q[0];\nc = measure q[0];`);
    // The loop ends with q in |1⟩; rx(pi) after it brings q back to |0⟩.
    expect(distribution).toEqual({ "0": 1 });
  });

  it("is refused at the work limit when it never ends, and when a classical value has none", () => {
    const endless = parseQasm(`${V3}qubit[1] q;\nbit c;\nwhile (!c) { c = measure q[0]; }`);
    expect(() => simulate(endless, { shots: 10, seed: 1, maxWork: 2 ** 24 })).toThrow(SimulatorLimitError);
    const fraction = parseQasm(`${V3}qubit[1] q;\nbit c;\nh q[0];\nc = measure q[0];\nfloat[64] f = c;\nf = f / 2;\nif ((f & 1) == 0) x q[0];`);
    expect(() => simulate(fraction, { shots: 100, seed: 1 })).toThrow(ClassicalError);
  });

  it("draws a repeated loop's steps with their tests", () => {
    const { circuit } = exactOf(`${V3}qubit[1] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nif ((c & 1) == 1) x q[0];`);
    expect(circuitDiagram(circuit).svg).toContain("((c[0..1]&amp;1)==1)");
  });
});

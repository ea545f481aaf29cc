// The circuit page's example programs run and give what their comments promise; share links round-trip.
import { describe, expect, it } from "vitest";
import { CIRCUIT_EXAMPLES } from "../../components/quantum/circuit-examples";
import { decodeProgram, encodeProgram, SHARE_MAX_BYTES } from "../../components/quantum/share-link";
import { parseQasm } from "../../lib/quantum/qasm";
import { circuitDiagram } from "../../lib/quantum/diagram/svg";
import { simulate } from "../../lib/simulator";

const run = (id: string) => {
  const example = CIRCUIT_EXAMPLES.find((e) => e.id === id)!;
  const c = parseQasm(example.qasm);
  const result = simulate(c, { shots: 4000, seed: 7 });
  return { c, p: (bits: string) => (result.counts[bits] ?? 0) / 4000, counts: result.counts };
};

describe("circuit examples", () => {
  it("Bell: 00 and 11 about half each", () => {
    const { p } = run("bell");
    expect(p("00")).toBeCloseTo(0.5, 1);
    expect(p("11")).toBeCloseTo(0.5, 1);
  });
  it("GHZ: mostly 000 and 111", () => {
    const { p } = run("ghz");
    expect(p("000") + p("111")).toBeGreaterThan(0.9);
  });
  it("teleportation: dynamic, and the teleported bit is 1 a quarter of the time", () => {
    const { c, counts } = run("teleport");
    expect(c.program).toBeDefined();
    const ones = Object.entries(counts).filter(([bits]) => bits[0] === "1").reduce((sum, [, n]) => sum + n, 0);
    expect(ones / 4000).toBeCloseTo(0.25, 1);
  });
  it("QFT then inverse QFT: back to 101 every shot", () => {
    expect(run("qft").counts).toEqual({ "101": 4000 });
  });
  it("Grover: 11 every shot", () => {
    expect(run("grover").counts).toEqual({ "11": 4000 });
  });
  it("every example draws without truncation", () => {
    for (const example of CIRCUIT_EXAMPLES) expect(circuitDiagram(parseQasm(example.qasm)).truncated).toBe(false);
  });
});

describe("share links", () => {
  it("round-trip any program, including non-ASCII text, as base64url", () => {
    const qasm = 'OPENQASM 3.0;\n// θ → π/2 «ü» 量子\nqubit[1] q;\nrx(pi/2) q[0];';
    const encoded = encodeProgram(qasm)!;
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeProgram(encoded)).toBe(qasm);
  });
  it("refuse programs past the bound, and values that are too long or not base64url of UTF-8", () => {
    expect(encodeProgram("x".repeat(SHARE_MAX_BYTES + 1))).toBeNull();
    expect(encodeProgram("x".repeat(SHARE_MAX_BYTES))).not.toBeNull();
    expect(decodeProgram("A".repeat(10_000))).toBeNull();
    expect(decodeProgram("not base64!")).toBeNull();
    expect(decodeProgram("_w")).toBeNull(); // 0xff is not UTF-8
    expect(decodeProgram(null)).toBeNull();
  });
});

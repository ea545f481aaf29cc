import { describe, expect, it } from "vitest";
import { parseQasm } from "../qasm";
import { circuit, gate } from "../../simulator/passes/circuit";
import { circuitDiagram, conditionText, DIAGRAM_MAX_OPERATIONS, formatParameter } from "./svg";

const count = (svg: string, pattern: RegExp) => (svg.match(pattern) ?? []).length;
const wireLabels = (svg: string) => [...svg.matchAll(/>q\[(\d+)\]</g)].map((m) => Number(m[1]));
const boxLabels = (svg: string) => [...svg.matchAll(/<rect [^>]*stroke="#3b5bb5"[^>]*\/><text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

const TELEPORT = `OPENQASM 2.0;
include "qelib1.inc";
qreg q[3];
creg c0[1];
creg c1[1];
creg c2[1];
h q[1];
cx q[1], q[2];
cx q[0], q[1];
h q[0];
barrier q;
measure q[0] -> c0[0];
measure q[1] -> c1[0];
if (c1 == 1) x q[2];
if (c0 == 1) z q[2];
measure q[2] -> c2[0];`;

describe("circuitDiagram", () => {
  it("draws one wire per qubit and a classical register line", () => {
    const d = circuitDiagram(parseQasm(`OPENQASM 2.0; include "qelib1.inc"; qreg q[5]; creg c[5]; h q[0]; measure q -> c;`));
    expect(wireLabels(d.svg)).toEqual([0, 1, 2, 3, 4]);
    expect(d.svg).toContain(">c</text>");
    expect(d.svg.startsWith("<svg ")).toBe(true);
    expect(d.svg.endsWith("</svg>")).toBe(true);
    expect(d.operations).toBe(6);
    expect(d.truncated).toBe(false);
  });

  it("draws each gate once, with its parameters, controls, targets and measurements", () => {
    const d = circuitDiagram(
      parseQasm(`OPENQASM 2.0; include "qelib1.inc"; qreg q[3]; creg c[3];
h q[0]; rz(pi/4) q[1]; ry(0.3) q[2]; cx q[0], q[1]; ccx q[0], q[1], q[2]; cp(-pi/2) q[2], q[0]; swap q[0], q[2]; measure q -> c;`),
    );
    expect(boxLabels(d.svg).filter((label) => label !== "M")).toEqual(["H", "RZ(π/4)", "RY(0.3)", "P(-π/2)"]);
    expect(count(d.svg, />M<\/text>/g)).toBe(3);
    // Control dots: cx 1, ccx 2, cp 1.
    expect(count(d.svg, /<circle [^>]*r="5" fill="#1f2430"\/>/g)).toBe(4);
    // ⊕ targets of cx and ccx.
    expect(count(d.svg, /<circle [^>]*r="10"/g)).toBe(2);
    expect(d.operations).toBe(10);
  });

  it("packs independent gates into one column and folds a long circuit into rows", () => {
    const parallel = circuitDiagram(circuit(4, [gate("h", [0]), gate("h", [1]), gate("h", [2]), gate("h", [3])]));
    const serial = circuitDiagram(circuit(4, [gate("h", [0]), gate("h", [0]), gate("h", [0]), gate("h", [0])]));
    expect(parallel.width).toBeLessThan(serial.width);
    const long = circuitDiagram(circuit(2, Array.from({ length: 300 }, (_, k) => gate("rx", [k % 2], [k / 10]))), { maxRowWidth: 800 });
    expect(long.rows).toBeGreaterThan(5);
    expect(long.width).toBeLessThan(1000);
    expect(long.truncated).toBe(false);
    expect(count(long.svg, />«</g)).toBe(long.rows - 1);
  });

  it("shows mid-circuit measurement, if conditions, reset and barriers of a dynamic circuit", () => {
    const d = circuitDiagram(parseQasm(`${TELEPORT}\nreset q[0];`));
    expect(d.svg).toContain(">c[1]=1</text>");
    expect(d.svg).toContain(">c[0]=1</text>");
    expect(d.svg).toContain("|0⟩");
    expect(count(d.svg, /stroke-dasharray="4 3"/g)).toBe(2 + 3); // two conditions, a barrier over three qubits
    expect(d.operations).toBe(11);
    expect(parseQasm(TELEPORT).barriers).toEqual([{ at: 4, qubits: [0, 1, 2] }]);
  });

  it("escapes every text it draws", () => {
    const d = circuitDiagram(circuit(1, [gate("h", [0])]), { title: `<script>alert("x")</script> & 'co'` });
    expect(d.svg).not.toContain("<script>");
    expect(d.svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;");
    expect(d.svg).not.toMatch(/[\u0000-\u0008]/);
    const control = circuitDiagram(circuit(1), { title: "a\u0000b" });
    expect(control.svg).toContain("a\ufffdb");
  });

  it("draws at most the bound and says in the picture how many it left out", () => {
    const ops = Array.from({ length: 5000 }, (_, k) => gate("cx", [k % 24, (k + 1) % 24]));
    const d = circuitDiagram(circuit(24, ops));
    expect(d.operations).toBe(5024);
    expect(d.drawn).toBe(DIAGRAM_MAX_OPERATIONS);
    expect(d.truncated).toBe(true);
    expect(d.svg).toContain(`4524 more operations not drawn (the diagram shows the first ${DIAGRAM_MAX_OPERATIONS} of 5024)`);
    expect(count(d.svg, /<circle [^>]*r="10"/g)).toBe(DIAGRAM_MAX_OPERATIONS);
    expect(d.svg.length).toBeLessThan(600_000);
    expect(wireLabels(d.svg).filter((q) => q === 23).length).toBe(d.rows);
  });

  it("is deterministic", () => {
    const c = parseQasm(TELEPORT);
    expect(circuitDiagram(c, { title: "t" }).svg).toBe(circuitDiagram(parseQasm(TELEPORT), { title: "t" }).svg);
  });
});

describe("labels", () => {
  it("writes multiples of π as such and other numbers with 4 significant digits", () => {
    expect([Math.PI, -Math.PI / 2, (3 * Math.PI) / 4, 0, 0.123456, 2 * Math.PI].map(formatParameter)).toEqual(["π", "-π/2", "3π/4", "0", "0.1235", "2π"]);
  });
  it("writes conditions on one bit, a register and negated ones", () => {
    expect(conditionText([{ clbits: [0], value: 1 }])).toBe("c[0]=1");
    expect(conditionText([{ clbits: [2, 3, 4], value: 5 }])).toBe("c[2..4]==5");
    expect(conditionText([{ clbits: [1], value: 0, negate: true }])).toBe("c[1]≠0");
  });
});

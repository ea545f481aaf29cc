// The OpenQASM 2.0 parser: gates, registers, parameters, definitions, broadcasting, and errors
// that name the line and column.
import { describe, expect, it } from "vitest";
import { parseQasm, QasmError, toQasm3 } from "../../lib/quantum/qasm";
import { simulate } from "../../lib/quantum/simulator";

const errorOf = (source: string) => {
  try {
    parseQasm(source);
  } catch (error) {
    if (error instanceof QasmError) return { line: error.line, column: error.column, message: error.message };
    throw error;
  }
  throw new Error("expected a parse error");
};

describe("parseQasm", () => {
  it("reads the header, include, registers, gates with parameters and measurements", () => {
    const c = parseQasm(`OPENQASM 2.0;
include "qelib1.inc";
// a comment
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
u3(pi/2, -pi/4, 2*pi^2) q[1]; /* block
comment */
rz(-(1.5e-1 + sin(pi/6))) q[0];
barrier q;
measure q[0] -> c[0];
measure q[1] -> c[1];`);
    expect(c.qubits).toBe(2);
    expect(c.clbits).toBe(2);
    expect(c.ops.map((op) => op.name)).toEqual(["h", "cx", "u3", "rz"]);
    expect(c.ops[2].params[0]).toBeCloseTo(Math.PI / 2, 15);
    expect(c.ops[2].params[1]).toBeCloseTo(-Math.PI / 4, 15);
    expect(c.ops[2].params[2]).toBeCloseTo(2 * Math.PI ** 2, 12);
    expect(c.ops[3].params[0]).toBeCloseTo(-0.65, 15);
    expect(c.measurements).toEqual([{ qubit: 0, clbit: 0 }, { qubit: 1, clbit: 1 }]);
  });

  it("broadcasts over registers and flattens several registers in declaration order", () => {
    const c = parseQasm(`OPENQASM 2.0; include "qelib1.inc";
qreg a[2]; qreg b[2]; creg m[2]; creg n[2];
h a;
cx a, b;
measure a -> m;
measure b -> n;`);
    expect(c.qubits).toBe(4);
    expect(c.ops).toEqual([
      { name: "h", qubits: [0], params: [] },
      { name: "h", qubits: [1], params: [] },
      { name: "cx", qubits: [0, 2], params: [] },
      { name: "cx", qubits: [1, 3], params: [] },
    ]);
    expect(c.measurements).toEqual([
      { qubit: 0, clbit: 0 }, { qubit: 1, clbit: 1 }, { qubit: 2, clbit: 2 }, { qubit: 3, clbit: 3 },
    ]);
  });

  it("expands gate definitions with parameters, and U and CX", () => {
    const c = parseQasm(`OPENQASM 2.0;
qreg q[2];
gate bell(theta) a, b { U(theta, 0, 0) a; CX a, b; }
gate twice a, b { bell(pi/2) a, b; bell(pi/2) b, a; }
twice q[0], q[1];`);
    expect(c.ops.map((op) => `${op.name}(${op.qubits.join(",")})`)).toEqual(["u3(0)", "cx(0,1)", "u3(1)", "cx(1,0)"]);
    expect(c.ops[0].params).toEqual([Math.PI / 2, 0, 0]);
  });

  it("measures every qubit into a bit of its own when nothing is measured, and maps bits when something is", () => {
    const all = simulate(parseQasm("qreg q[3]; x q[1];"), { shots: 4, seed: 1 });
    expect(all.counts).toEqual({ "010": 4 });
    const mapped = simulate(parseQasm('include "qelib1.inc"; qreg q[2]; creg c[3]; x q[0]; measure q[0] -> c[2];'), { shots: 4, seed: 1 });
    expect(mapped.counts).toEqual({ "100": 4 });
  });

  it("runs the qelib1 gate set", () => {
    const source = `OPENQASM 2.0; include "qelib1.inc"; qreg q[3];
id q[0]; u0(1) q[0]; u1(0.1) q[0]; u2(0.2, 0.3) q[1]; u(0.1,0.2,0.3) q[2]; p(0.4) q[0]; x q[0]; y q[1]; z q[2];
s q[0]; sdg q[1]; t q[2]; tdg q[0]; sx q[1]; sxdg q[2]; rx(0.5) q[0]; ry(0.6) q[1]; rz(0.7) q[2];
cz q[0], q[1]; cy q[1], q[2]; ch q[0], q[2]; csx q[2], q[0]; swap q[0], q[1]; crx(0.1) q[0], q[1]; cry(0.2) q[1], q[2];
crz(0.3) q[2], q[0]; cu1(0.4) q[0], q[1]; cp(0.5) q[1], q[2]; cu3(0.1, 0.2, 0.3) q[0], q[2]; cu(0.1, 0.2, 0.3, 0.4) q[1], q[0];
rxx(0.3) q[0], q[1]; rzz(0.2) q[1], q[2]; ccx q[0], q[1], q[2]; cswap q[2], q[0], q[1];`;
    const result = simulate(parseQasm(source), { shots: 1000, seed: 2, exact: true });
    expect(Object.values(result.exact!).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("writes a parsed circuit back as OpenQASM 3", () => {
    const qasm = toQasm3(parseQasm("qreg q[2]; h q[0]; cu1(0.5) q[0], q[1]; sxdg q[1];"));
    expect(qasm).toContain("OPENQASM 3.0;");
    expect(qasm).toContain('include "stdgates.inc";');
    expect(qasm).toContain("qubit[2] q;");
    expect(qasm).toContain("cp(0.5) q[0], q[1];");
    expect(qasm).toContain("gate sxdg a {");
    expect(qasm).toContain("c[1] = measure q[1];");
  });
});

describe("parse errors name the line and column", () => {
  it.each([
    ["qreg q[2];\nh q[2];", 2, 5, "index 2 is outside q[0…1]"],
    ["qreg q[2];\n  foo q[0];", 2, 3, "unknown gate 'foo'"],
    ["qreg q[1];\nrx(1 +) q[0];", 2, 7, "expected a number, pi, a parameter or '(' but found ')'"],
    ["qreg q[1];\nrx q[0];", 2, 1, "gate 'rx' takes 1 parameter(s), not 0"],
    ["qreg q[2];\ncx q[0];", 2, 1, "gate 'cx' acts on 2 qubit(s), not 1"],
    ["qreg q[2];\ncx q[0], q[0];", 2, 1, "gate 'cx' uses the same qubit twice"],
    ["qreg q[2]; creg c[2];\nmeasure q -> c;\nh q[0];", 3, 1, "qubit 0 was already measured; mid-circuit measurement is not supported"],
    ["OPENQASM 3;\nqubit q;", 1, 10, "OpenQASM 3 is not accepted here; send OpenQASM 2.0"],
    ['include "other.inc";', 1, 9, 'only "qelib1.inc" can be included, not "other.inc"'],
    ["qreg q[1];\nh q[0]", 2, 7, "expected ';' but found 'end of input'"],
    ["qreg q[1]; /* open", 1, 12, "unterminated comment"],
    ["qreg q[1];\nh q[0]; @", 2, 9, "unexpected character '@'"],
    ["qreg q[1];\nreset q[0];", 2, 1, "'reset' is not supported by this simulator"],
    ["creg c[1];", 1, 11, "the program declares no qubits (qreg)"],
    ["qreg q[1];\ngate g(a) x { rx(b) x; }", 2, 18, "unknown parameter 'b'"],
  ])("%j → line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });
});

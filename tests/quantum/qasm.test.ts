// The OpenQASM 2.0 parser: gates, registers, parameters, definitions, broadcasting, and errors
// that name the line and column.
import { describe, expect, it } from "vitest";
import { parseQasm, QasmError, QasmInputError, toQasm3 } from "../../lib/quantum/qasm";
import { GATES, simulate } from "../../lib/simulator";

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

  it("leaves a bit nobody writes at 0, also when one qubit is measured twice into one bit", () => {
    const twice = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; creg c[2]; x q[1]; measure q[0] -> c[0]; measure q[0] -> c[0];');
    expect(simulate(twice, { shots: 100, seed: 3, exact: true })).toMatchObject({ counts: { "00": 100 }, exact: { "00": 1 } });
    const crossed = parseQasm('include "qelib1.inc"; qreg q[2]; creg c[2]; x q[1]; measure q[1] -> c[1]; measure q[1] -> c[1];');
    expect(simulate(crossed, { shots: 10, seed: 3 }).counts).toEqual({ "10": 10 });
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
    ["OPENQASM 2.6;\nqreg q[1];", 1, 10, "OpenQASM 2.6 is not accepted here; send OpenQASM 2.0 or 3.0"],
    ['include "other.inc";', 1, 9, 'not supported by this simulator: include "other.inc" (only "qelib1.inc" is built in)'],
    ["qreg q[1];\nh q[0]", 2, 7, "expected ';' but found 'end of input'"],
    ["qreg q[1]; /* open", 1, 12, "unterminated comment"],
    ["qreg q[1];\nh q[0]; #", 2, 9, "unexpected character '#'"],
    ["qreg q[1];\ngate g(a) x { rx(b) x; }", 2, 18, "unknown parameter 'b'"],
  ])("%j → line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });
});

const exactOf = (source: string) => simulate(parseQasm(source), { shots: 1, seed: 1, exact: true }).exact!;
const basis = (n: number) => Array.from({ length: 2 ** n }, (_, i) => i.toString(2).padStart(n, "0"));
// x on the qubits whose bit is 1 in `bits` (qubit 0 rightmost).
const prepare = (bits: string) => [...bits].reverse().map((bit, q) => (bit === "1" ? `x q[${q}];` : "")).join(" ");

describe("OpenQASM 2.0 as its specification says", () => {
  it("knows only U and CX until qelib1.inc is included", () => {
    expect(errorOf("OPENQASM 2.0;\nqreg q[1];\nh q[0];")).toEqual({ line: 3, column: 1, message: `unknown gate 'h' (add include "qelib1.inc";)` });
    expect(parseQasm("OPENQASM 2.0;\nqreg q[2];\nU(pi, 0, pi) q[0];\nCX q[0], q[1];").ops.map((op) => op.name)).toEqual(["u3", "cx"]);
  });

  it("lets a program without the include define its own h and cx", () => {
    const result = exactOf(`OPENQASM 2.0;
qreg q[2];
gate h a { U(pi/2, 0, pi) a; }
gate cx c, t { CX c, t; }
h q[0];
cx q[0], q[1];`);
    expect(result["00"]).toBeCloseTo(0.5, 12);
    expect(result["11"]).toBeCloseTo(0.5, 12);
  });

  it("lets a program define its own gate under a name of qelib1's later additions (cu), which then replaces it", () => {
    const own = exactOf(`OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
gate cu(theta, phi, lambda, gamma) c, t { x t; }
cu(0, 0, 0, 0) q[0], q[1];`);
    expect(own).toEqual({ "10": 1 });
    // Without a definition of its own, cu is qelib1's: with the control at 0 nothing happens.
    expect(exactOf('OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; cu(pi, 0, 0, 0) q[0], q[1];')).toEqual({ "00": 1 });
  });

  it.each([
    ['OPENQASM 2.0;\ninclude "qelib1.inc";\ngate h a { U(0,0,0) a; }', 3, 6, "gate 'h' is already defined by qelib1.inc"],
    ["OPENQASM 2.0;\ngate g a { U(0,0,0) a; }\ngate g a { U(0,0,0) a; }", 3, 6, "gate 'g' is already defined"],
    ["OPENQASM 2.0;\ngate CX a, b { U(0,0,0) a; }", 2, 6, "gate 'CX' is already defined"],
    ['OPENQASM 2.0;\ngate h a { U(0,0,0) a; }\ninclude "qelib1.inc";', 3, 9, "gate 'h' is defined by the program and by qelib1.inc"],
    ["OPENQASM 3.1;\nqubit q;", 1, 10, "OpenQASM 3.1 is not accepted here; send OpenQASM 2.0 or 3.0"],
    ["OPENQASM 2.1;\nqreg q[1];", 1, 10, "OpenQASM 2.1 is not accepted here; send OpenQASM 2.0 or 3.0"],
    ['OPENQASM 2.0;\ninclude "stdgates.inc";', 2, 9, 'only "qelib1.inc" can be included, not "stdgates.inc"'],
    ["OPENQASM 2.0;\nqubit[2] q;", 2, 6, "expected quantum register but found '['"],
    ["OPENQASM 2.0;\nqreg q[1]; creg c[2];\nif (c[0] == 1) U(0,0,0) q[0];", 3, 5, "OpenQASM 2.0 conditions compare a whole register: if (c == n)"],
  ])("refuses %j at line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });

  it("runs qelib1's c3x, c4x and c3sqrtx as multi-controlled gates, and rccx, rc3x as Toffolis up to phases", () => {
    for (const bits of basis(5)) {
      const flipAll = (controls: number, target: number) => {
        const on = [...bits].reverse().slice(0, controls).every((bit) => bit === "1");
        const out = [...bits].reverse();
        if (on) out[target] = out[target] === "1" ? "0" : "1";
        return out.reverse().join("");
      };
      const program = (call: string) => `OPENQASM 2.0; include "qelib1.inc"; qreg q[5]; ${prepare(bits)} ${call}`;
      expect(exactOf(program("c4x q[0], q[1], q[2], q[3], q[4];"))[flipAll(4, 4)]).toBeCloseTo(1, 12);
      expect(exactOf(program("c3x q[0], q[1], q[2], q[3];"))[flipAll(3, 3)]).toBeCloseTo(1, 12);
      expect(exactOf(program("c3sqrtx q[0], q[1], q[2], q[3]; c3sqrtx q[0], q[1], q[2], q[3];"))[flipAll(3, 3)]).toBeCloseTo(1, 12);
      expect(exactOf(program("rc3x q[0], q[1], q[2], q[3];"))[flipAll(3, 3)]).toBeCloseTo(1, 12);
      expect(exactOf(program("rccx q[0], q[1], q[2];"))[flipAll(2, 2)]).toBeCloseTo(1, 12);
    }
    // One c3sqrtx on |1110⟩ puts the target in an equal superposition.
    const half = exactOf('OPENQASM 2.0; include "qelib1.inc"; qreg q[4]; x q[0]; x q[1]; x q[2]; c3sqrtx q[0], q[1], q[2], q[3];');
    expect(half["0111"]).toBeCloseTo(0.5, 12);
    expect(half["1111"]).toBeCloseTo(0.5, 12);
  });

  it("accepts if (c == n) on a whole register, and reset", () => {
    const c = parseQasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[2]; creg c[2]; x q[0]; measure q -> c; reset q[0]; if (c == 1) x q[1]; measure q -> c;');
    expect(simulate(c, { shots: 10, seed: 1 }).counts).toEqual({ "10": 10 });
  });
});

describe("OpenQASM 3", () => {
  it("reads qubit/bit declarations, assignments of measurements, reset and if", () => {
    const c = parseQasm(`OPENQASM 3.0;
include "stdgates.inc";
qubit[2] q;
qubit r;
bit[2] c;
bit flag;
x q[0];
c[0] = measure q[0];
reset q[0];
if (c[0]) x q[1];
if (c == 1) { x r; }
if (!c[0]) x q[0]; else { h q[0]; h q[0]; }
flag = measure r;
c = measure q;`);
    expect(c.qubits).toBe(3);
    expect(c.clbits).toBe(3);
    expect(simulate(c, { shots: 20, seed: 1 }).counts).toEqual({ "110": 20 });
  });

  it("applies ctrl, negctrl, inv and pow modifiers, U and gphase", () => {
    const state = (body: string, n = 3) => exactOf(`OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[${n}] q;\n${body}`);
    expect(state("x q[0]; x q[1]; ctrl(2) @ x q[0], q[1], q[2];")).toEqual({ "111": 1 });
    expect(state("x q[0]; ctrl @ ctrl @ x q[0], q[1], q[2];")).toEqual({ "001": 1 });
    expect(state("negctrl @ x q[0], q[1];")).toEqual({ "010": 1 });
    expect(state("pow(3) @ x q[0];")).toEqual({ "001": 1 });
    expect(state("pow(2) @ h q[0];")["000"]).toBeCloseTo(1, 12);
    expect(state("pow(0.5) @ rx(pi) q[0]; pow(0.5) @ rx(pi) q[0];")["001"]).toBeCloseTo(1, 12);
    expect(state("h q[0]; s q[0]; inv @ s q[0]; h q[0];")["000"]).toBeCloseTo(1, 12);
    expect(state("gate g a, b { h a; cx a, b; t b; } g q[0], q[1]; inv @ g q[0], q[1];")["000"]).toBeCloseTo(1, 12);
    expect(state("U(pi, 0, pi) q[2];")).toEqual({ "100": 1 });
    // ctrl @ gphase(π) is a Z on the control: H·Z·H = X.
    expect(state("gphase(0.3); h q[0]; ctrl @ gphase(pi) q[0]; h q[0];")["001"]).toBeCloseTo(1, 12);
    expect(state("h q[0]; x q[1]; ctrl(2) @ gphase(pi) q[0], q[1]; h q[0];")["011"]).toBeCloseTo(1, 12);
    expect(state("h q[0]; ctrl(2) @ gphase(pi) q[0], q[1]; h q[0];")["000"]).toBeCloseTo(1, 12);
  });

  it.each([
    ['OPENQASM 3.0;\ninclude "qelib1.inc";', 2, 9, 'only "stdgates.inc" can be included, not "qelib1.inc"'],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nc[0] = reset q[0];', 5, 8, "only a measurement can be assigned to 'c' here, not 'reset'"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[3] c;\nc = measure q;', 5, 5, "measure needs as many bits as qubits (2 qubits, 3 bits)"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nctrl @ x q[0];', 4, 8, "gate 'x' acts on 2 qubit(s), not 1"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\npow(0.5) @ h q[0];', 4, 12, "pow(0.5) needs a whole exponent, except on a single rotation gate"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\ngate h a { U(0,0,0) a; }', 3, 6, "gate 'h' is already defined by stdgates.inc"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nbit[1] c;\nif (c == 2) x q[0];', 5, 10, "2 does not fit in 1 bit(s)"],
  ])("names the line and column of %j", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });

  it("reads what toQasm3 writes, for every gate the simulator has", () => {
    const source = `qreg q[3];
id q[0]; u0(1) q[0]; u1(0.1) q[0]; u2(0.2, 0.3) q[1]; u(0.1,0.2,0.3) q[2]; p(0.4) q[0]; x q[0]; y q[1]; z q[2];
s q[0]; sdg q[1]; t q[2]; tdg q[0]; sx q[1]; sxdg q[2]; rx(0.5) q[0]; ry(0.6) q[1]; rz(0.7) q[2]; ecr q[1], q[2];
cz q[0], q[1]; cy q[1], q[2]; ch q[0], q[2]; csx q[2], q[0]; swap q[0], q[1]; crx(0.1) q[0], q[1]; cry(0.2) q[1], q[2];
crz(0.3) q[2], q[0]; cu1(0.4) q[0], q[1]; cp(0.5) q[1], q[2]; cu3(0.1, 0.2, 0.3) q[0], q[2]; cu(0.1, 0.2, 0.3, 0.4) q[1], q[0];
rxx(0.3) q[0], q[1]; rzz(0.2) q[1], q[2]; ccx q[0], q[1], q[2]; cswap q[2], q[0], q[1]; c3x q[0], q[1], q[2], q[1];`;
    const original = parseQasm(source.replace(" c3x q[0], q[1], q[2], q[1];", ""));
    const again = parseQasm(toQasm3(original));
    expect(again.qubits).toBe(3);
    const a = simulate(original, { shots: 1, seed: 1, exact: true }).exact!;
    const b = simulate(again, { shots: 1, seed: 1, exact: true }).exact!;
    for (const key of basis(3)) expect(b[key] ?? 0).toBeCloseTo(a[key] ?? 0, 12);
    const controlled = parseQasm('OPENQASM 3.0; include "stdgates.inc"; qubit[4] q; x q[0]; x q[1]; x q[2]; ctrl(3) @ x q[0], q[1], q[2], q[3];');
    expect(toQasm3(controlled)).toContain("ctrl(3) @ x q[0], q[1], q[2], q[3];");
    expect(exactOf(toQasm3(controlled))).toEqual({ "1111": 1 });
  });
});

describe("gate modifiers against the gates they must equal", () => {
  // A fixed entangling preparation of 4 qubits, and its inverse.
  const PREP = "ry(0.7) q[0]; ry(1.3) q[1]; rz(0.4) q[1]; ry(2.1) q[2]; ry(0.9) q[3]; cx q[0], q[2]; rz(1.1) q[3]; cx q[1], q[3];";
  const UNPREP = "cx q[1], q[3]; rz(-1.1) q[3]; cx q[0], q[2]; ry(-0.9) q[3]; ry(-2.1) q[2]; rz(-0.4) q[1]; ry(-1.3) q[1]; ry(-0.7) q[0];";
  const returnsToZero = (body: string) => {
    const exact = exactOf(`qubit[4] q;\n${PREP}\n${body}\n${UNPREP}`);
    expect(exact["0000"], body).toBeCloseTo(1, 10);
  };
  const params = (count: number) => (count === 0 ? "" : `(${[0.3, -1.2, 2.5, 0.8].slice(0, count).join(", ")})`);
  const qubits = (count: number) => Array.from({ length: count }, (_, k) => `q[${(k + 1) % 4}]`).join(", ");

  it.each(Object.entries(GATES))("inv @ %s undoes %s", (name, spec) => {
    returnsToZero(`${name}${params(spec.params)} ${qubits(spec.qubits)}; inv @ ${name}${params(spec.params)} ${qubits(spec.qubits)};`);
    returnsToZero(`pow(2) @ ${name}${params(spec.params)} ${qubits(spec.qubits)}; pow(-1) @ ${name}${params(spec.params)} ${qubits(spec.qubits)}; inv @ ${name}${params(spec.params)} ${qubits(spec.qubits)};`);
  });

  it.each([
    ["ctrl @ x q[0], q[1];", "cx q[0], q[1];"],
    ["ctrl @ cx q[0], q[1], q[2];", "ccx q[0], q[1], q[2];"],
    ["ctrl @ h q[2], q[0];", "ch q[2], q[0];"],
    ["ctrl @ rz(0.7) q[3], q[1];", "crz(0.7) q[3], q[1];"],
    ["ctrl @ p(0.7) q[0], q[3];", "cp(0.7) q[0], q[3];"],
    ["ctrl @ sx q[1], q[2];", "csx q[1], q[2];"],
    ["ctrl @ swap q[3], q[0], q[2];", "cswap q[3], q[0], q[2];"],
    ["ctrl @ u3(0.3, 1.1, -0.4) q[2], q[1];", "cu3(0.3, 1.1, -0.4) q[2], q[1];"],
    ["ctrl @ U(0.3, 1.1, -0.4) q[2], q[1];", "cu(0.3, 1.1, -0.4, 0) q[2], q[1];"],
    ["ctrl @ ctrl @ ctrl @ x q[0], q[1], q[2], q[3];", "c3x q[0], q[1], q[2], q[3];"],
    ["ctrl(2) @ sx q[3], q[1], q[0]; ctrl(2) @ sx q[3], q[1], q[0];", "ccx q[3], q[1], q[0];"],
    ["negctrl @ x q[0], q[1];", "x q[0]; cx q[0], q[1]; x q[0];"],
    ["ctrl @ gphase(0.9) q[2];", "p(0.9) q[2];"],
    ["ctrl @ rzz(0.6) q[0], q[1], q[2];", "ctrl @ cx q[0], q[1], q[2]; crz(0.6) q[0], q[2]; ctrl @ cx q[0], q[1], q[2];"],
    ["ctrl @ ecr q[3], q[1], q[2];", "ctrl @ h q[3], q[2]; ccx q[3], q[1], q[2]; crz(pi/4) q[3], q[2]; ccx q[3], q[1], q[2]; ch q[3], q[2]; cx q[3], q[1]; ch q[3], q[2]; ccx q[3], q[1], q[2]; crz(-pi/4) q[3], q[2]; ccx q[3], q[1], q[2]; ch q[3], q[2];"],
  ])("%s equals %s", (modified, plain) => {
    returnsToZero(`${modified}\ninv @ ${plain.split(";").filter((part) => part.trim()).reverse().map((part) => `inv @ ${part.trim()}`).join("; ").slice("inv @ ".length)};`);
  });
});

// What Qiskit's OpenQASM exporters write (qiskit.qasm2.dumps / qiskit.qasm3.dumps and their tests).
describe("programs as Qiskit's exporters write them", () => {
  const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';
  const sameCircuit = (a: string, b: string, options: Parameters<typeof parseQasm>[2] = {}) => expect(parseQasm(a, {}, options)).toEqual(parseQasm(b));
  const inputError = (source: string, parameters: Record<string, number> = {}) => {
    try {
      parseQasm(source, {}, { parameters });
    } catch (error) {
      if (error instanceof QasmInputError) return { line: error.line, column: error.column, message: error.message, parameter: error.parameter };
      throw error;
    }
    throw new Error("expected an input error");
  };

  it("accepts the header OPENQASM 2; as 2.0", () => {
    sameCircuit('OPENQASM 2;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;', 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0],q[1];\nmeasure q -> c;');
    // Still OpenQASM 2.0: no stdgates, no OpenQASM 3 statements.
    expect(errorOf("OPENQASM 2;\nqreg q[1];\nh q[0];")).toEqual({ line: 3, column: 1, message: `unknown gate 'h' (add include "qelib1.inc";)` });
    expect(errorOf('OPENQASM 2;\ninclude "qelib1.inc";\nqreg q[1];\nfor i in [0:1] { h q[0]; }')).toEqual({ line: 4, column: 1, message: "'for' is OpenQASM 3; this program's header says OpenQASM 2.0" });
  });

  it("treats delay, box, duration and stretch as identity", () => {
    const plain = `${V3}qubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nrz(0.3) q[1];\nc = measure q;`;
    const timed = `${V3}duration d = 2 * 100ns;\nstretch s;\nconst duration e = 3dt;\nqubit[2] q;\nbit[2] c;\ndelay[100ns] q[0];\nh q[0];\ndelay[2.5us] q;\ndelay[d] q[0], q[1];\nbox[1ms] {\n  cx q[0], q[1];\n  delay[10dt] q[1];\n}\nbox {\n  rz(0.3) q[1];\n}\ndelay[5µs] q[1];\ndelay[1s];\nbarrier q;\nc = measure q;`;
    const a = parseQasm(plain);
    const b = parseQasm(timed);
    expect(b.ops).toEqual(a.ops);
    expect(b.measurements).toEqual(a.measurements);
    expect(simulate(b, { shots: 200, seed: 7 }).counts).toEqual(simulate(a, { shots: 200, seed: 7 }).counts);
    // durationof's block is only measured, never run.
    const measured = parseQasm(`${V3}qubit[1] q;\nduration t = durationof({ x q[0]; });\ndelay[durationof({ x q[0]; h q[0]; })] q[0];\nbox[t] { h q[0]; }`);
    expect(measured.ops).toEqual([{ name: "h", qubits: [0], params: [] }]);
    expect(errorOf(`${V3}qubit[1] q;\ndelay[100ns] r[0];`)).toEqual({ line: 4, column: 14, message: "unknown quantum register 'r'" });
    expect(errorOf(`${V3}qubit[1] q;\ndelay[100ns q[0];`)).toEqual({ line: 4, column: 17, message: "expected ']' but found ';'" });
  });

  it("gives a program of physical qubits the qubits 0 … the highest it names", () => {
    const c = parseQasm(`${V3}bit[2] c;\nh $0;\ncx $0, $3;\nc[0] = measure $0;\nc[1] = measure $3;`);
    expect(c.qubits).toBe(4);
    expect(c.ops).toEqual([{ name: "h", qubits: [0], params: [] }, { name: "cx", qubits: [0, 3], params: [] }]);
    expect(c.measurements).toEqual([{ qubit: 0, clbit: 0 }, { qubit: 3, clbit: 1 }]);
    const declared = parseQasm(`${V3}qubit[4] q;\nbit[2] c;\nh q[0];\ncx q[0], q[3];\nc[0] = measure q[0];\nc[1] = measure q[3];`);
    expect(c).toEqual(declared);
    expect(simulate(c, { shots: 100, seed: 1 }).counts).toEqual(simulate(declared, { shots: 100, seed: 1 }).counts);
    expect(errorOf(`${V3}qubit[2] q;\nh $0;`)).toEqual({ line: 4, column: 3, message: "physical qubits ($0, $1, …) cannot be mixed with declared qubit registers ('q')" });
    expect(errorOf(`${V3}h $0;\nqubit[2] q;`)).toEqual({ line: 4, column: 10, message: "a program that names physical qubits ($0, $1, …) cannot also declare qubit registers" });
    expect(errorOf('OPENQASM 2.0;\ninclude "qelib1.inc";\nh $0;')).toEqual({ line: 3, column: 3, message: "physical qubits ($0, $1, …) are OpenQASM 3; this program's header says OpenQASM 2.0" });
    expect(errorOf(`${V3}h $24;`)).toEqual({ line: 3, column: 3, message: "the program declares more qubits than 24 (QUANTUM_MAX_QUBITS)" });
  });

  it("uses constants and inputs in gate parameters and indices", () => {
    const source = `${V3}input float[64] theta;\ninput angle[32] phi;\nconst int[32] n = 3;\nconst float[64] half = pi / 2;\nqubit[4] q;\nbit[4] c;\nrz(theta) q[0];\nrx(phi * 2 + half) q[n];\nh q[n - 2];\nx q[-1];\nc = measure q;`;
    sameCircuit(source, `${V3}qubit[4] q;\nbit[4] c;\nrz(0.5) q[0];\nrx(${0.25 * 2 + Math.PI / 2}) q[3];\nh q[1];\nx q[3];\nc = measure q;`, { parameters: { theta: 0.5, phi: 0.25 } });
    // Gate definitions may use the constants declared before them.
    sameCircuit(`${V3}const float[64] a = 0.7;\nqubit[1] q;\ngate g q0 { rz(a) q0; rx(2 * a) q0; }\ng q[0];`, `${V3}qubit[1] q;\nrz(0.7) q[0];\nrx(1.4) q[0];`);
  });

  it("refuses a missing input, a parameter that is no input, and values of the wrong kind", () => {
    const source = `${V3}input float[64] theta;\nqubit[1] q;\nrz(theta) q[0];`;
    expect(inputError(source)).toEqual({ line: 3, column: 17, message: "input 'theta' has no value: send it in parameters", parameter: "theta" });
    expect(inputError(source, { theta: 1, thet: 2 })).toEqual({ line: 1, column: 1, message: "parameter 'thet' is not an input of the program (its inputs are 'theta')", parameter: "thet" });
    expect(inputError(`${V3}qubit[1] q;`, { theta: 1 })).toMatchObject({ message: "parameter 'theta' is not an input of the program (it declares no input)" });
    expect(inputError(`${V3}input int[32] n;\nqubit[1] q;`, { n: 1.5 })).toMatchObject({ line: 3, column: 15, message: "input 'n' is int: send a whole number, not 1.5" });
    expect(inputError(`${V3}input uint[32] n;\nqubit[1] q;`, { n: -1 })).toMatchObject({ message: "input 'n' is uint: send a number of at least 0, not -1" });
    expect(errorOf(`${V3}const int[32] n = 1.5;\nqubit[1] q;`)).toEqual({ line: 3, column: 19, message: "'n' is int but its value is 1.5, not a whole number" });
    expect(errorOf(`${V3}const float[64] x = 1;\nqubit[2] q;\nh q[x / 2];`)).toEqual({ line: 5, column: 5, message: "an index must be a whole number, not 0.5" });
    expect(errorOf(`${V3}const int[32] q = 1;\nqubit[2] q;`)).toEqual({ line: 4, column: 10, message: "'q' is already declared" });
    expect(errorOf(`${V3}qubit[1] q;\nrz(nope) q[0];`)).toEqual({ line: 4, column: 4, message: "unknown parameter 'nope'" });
  });

  it("unrolls for loops over ranges and sets, typed or not, nested, into the program written out", () => {
    sameCircuit(`${V3}qubit[4] q;\nh q[0];\nfor uint i in [0:2] {\n  cx q[i], q[i + 1];\n}`, `${V3}qubit[4] q;\nh q[0];\ncx q[0], q[1];\ncx q[1], q[2];\ncx q[2], q[3];`);
    sameCircuit(`${V3}qubit[9] q;\nfor int i in [0:2:8] x q[i];`, `${V3}qubit[9] q;\nx q[0]; x q[2]; x q[4]; x q[6]; x q[8];`);
    sameCircuit(`${V3}qubit[9] q;\nfor int i in [8:-3:0] x q[i];`, `${V3}qubit[9] q;\nx q[8]; x q[5]; x q[2];`);
    sameCircuit(`${V3}qubit[6] q;\nfor i in {1, 5, 2} { rz(i * 0.1) q[i]; }`, `${V3}qubit[6] q;\nrz(0.1) q[1]; rz(0.5) q[5]; rz(0.2) q[2];`);
    sameCircuit(
      `${V3}const int[32] n = 3;\nqubit[3] q;\nfor int i in [0:n - 1] {\n  for int j in [i + 1:n - 1] {\n    cp(pi / 2 ** (j - i)) q[j], q[i];\n  }\n  if (i == 0) h q[i]; else { x q[i]; }\n}`,
      `${V3}qubit[3] q;\ncp(pi/2) q[1], q[0];\ncp(pi/4) q[2], q[0];\nh q[0];\ncp(pi/2) q[2], q[1];\nx q[1];\nx q[2];`,
    );
    // An empty range runs nothing (the body is not read); the loop variable is gone after the loop.
    sameCircuit(`${V3}qubit[2] q;\nfor int i in [3:0] { h q[i]; cx q[i], q[i]; }\nh q[1];`, `${V3}qubit[2] q;\nh q[1];`);
    expect(errorOf(`${V3}qubit[2] q;\nfor int i in [0:1] { h q[i]; }\nh q[i];`)).toEqual({ line: 5, column: 5, message: "unknown parameter 'i'" });
    // A Bell pair prepared in a loop samples as the one written out.
    const looped = parseQasm(`${V3}qubit[3] q;\nbit[3] c;\nh q[0];\nfor uint k in [1:2] cx q[0], q[k];\nc = measure q;`);
    expect(simulate(looped, { shots: 300, seed: 5 }).counts).toEqual(simulate(parseQasm(`${V3}qubit[3] q;\nbit[3] c;\nh q[0];\ncx q[0], q[1];\ncx q[0], q[2];\nc = measure q;`), { shots: 300, seed: 5 }).counts);
  });

  it("broadcasts over slices and sets of a register, and over let aliases", () => {
    sameCircuit(`${V3}qubit[5] q;\nbit[5] c;\nh q[1:3];\nx q[0:2:4];\ncx q[{4, 0}], q[1:2];\nc[0:1] = measure q[3:4];`, `${V3}qubit[5] q;\nbit[5] c;\nh q[1]; h q[2]; h q[3];\nx q[0]; x q[2]; x q[4];\ncx q[4], q[1];\ncx q[0], q[2];\nc[0] = measure q[3];\nc[1] = measure q[4];`);
    sameCircuit(`${V3}qubit[4] q;\nqubit r;\nbit[2] c;\nlet a = q[0:1];\nlet b = q[3] ++ r ++ q[-2];\nh a;\ncx a[1], b[1];\nx b;\nlet m = c[1] ++ c[0];\nm = measure a;\nif (m[0] == 1) x b[2];`, `${V3}qubit[4] q;\nqubit r;\nbit[2] c;\nh q[0]; h q[1];\ncx q[1], r;\nx q[3]; x r; x q[2];\nc[1] = measure q[0];\nc[0] = measure q[1];\nif (c[1] == 1) x q[2];`);
    sameCircuit(`${V3}let a = $2 ++ $0;\nh a;`, `${V3}qubit[3] q;\nh q[2];\nh q[0];`);
    expect(errorOf(`${V3}qubit[3] q;\nh q[2:1];`)).toEqual({ line: 4, column: 4, message: "the slice q[2:1] is empty" });
    expect(errorOf(`${V3}qubit[3] q;\nh q[0:3];`)).toEqual({ line: 4, column: 7, message: "index 3 is outside q[0…2]" });
    expect(errorOf(`${V3}qubit[3] q;\nlet a = q[0:1] ++ q[1];`)).toEqual({ line: 4, column: 1, message: "'a' would name the same qubit twice" });
    expect(errorOf(`${V3}qubit[3] q;\nlet q = q[0:1];`)).toEqual({ line: 4, column: 5, message: "'q' is already declared" });
    expect(errorOf(`${V3}qubit[2] q;\nh q[{0, 1, 0}];`)).toEqual({ line: 4, column: 12, message: "a set of indices names more bits than q has (2)" });
  });

  it("reads switch as Qiskit writes it (switch_dummy) as the conditions it stands for", () => {
    const switched = `${V3}bit[3] c10;\nint switch_dummy;\nqubit[3] q10;\nh q10[0];\nh q10[1];\nc10[0] = measure q10[0];\nc10[1] = measure q10[1];\nswitch_dummy = c10;\nswitch (switch_dummy) {\n  case 0, 3 {\n    z q10[2];\n  }\n  case 1 {\n    y q10[2];\n  }\n  default {\n    x q10[2];\n  }\n}\nc10[2] = measure q10[2];`;
    const written = `${V3}bit[3] c10;\nqubit[3] q10;\nh q10[0];\nh q10[1];\nc10[0] = measure q10[0];\nc10[1] = measure q10[1];\nif (c10 == 0) z q10[2];\nif (c10 == 3) z q10[2];\nif (c10 == 1) y q10[2];\nif (c10 != 0) if (c10 != 3) if (c10 != 1) x q10[2];\nc10[2] = measure q10[2];`;
    sameCircuit(switched, written);
    // c10 is 0…3 with equal chances; x runs only for 2, so bit 2 is 1 a quarter of the time.
    const exact = simulate(parseQasm(switched), { shots: 1, seed: 1, exact: true }).exact!;
    expect(exact["110"]).toBeCloseTo(0.25, 12);
    expect(exact["100"] ?? 0).toBeCloseTo(0, 12);
    // On a single bit, and directly on a register.
    sameCircuit(`${V3}bit[1] c9;\nint switch_dummy;\nqubit[1] q9;\nh q9[0];\nc9[0] = measure q9[0];\nswitch_dummy = c9[0];\nswitch (switch_dummy) {\n  case 0 {\n    x q9[0];\n  }\n  case 1 {\n    z q9[0];\n  }\n}`, `${V3}bit[1] c9;\nqubit[1] q9;\nh q9[0];\nc9[0] = measure q9[0];\nif (c9[0] == 0) x q9[0];\nif (c9[0] == 1) z q9[0];`);
    // On a constant: decided while reading.
    const onConstant = (k: number) => parseQasm(`${V3}const int[32] k = ${k};\nqubit[3] q;\nswitch (k) { case 1 { x q[0]; } case 2, 3 { x q[1]; } default { x q[2]; } }`).ops;
    expect(onConstant(1)).toEqual([{ name: "x", qubits: [0], params: [] }]);
    expect(onConstant(3)).toEqual([{ name: "x", qubits: [1], params: [] }]);
    expect(onConstant(7)).toEqual([{ name: "x", qubits: [2], params: [] }]);
    expect(errorOf(`${V3}qubit[1] q;\nbit[2] c;\nswitch (c) { case 1 { } case 4 { } }`)).toEqual({ line: 5, column: 30, message: "4 does not fit in 2 bit(s)" });
    expect(errorOf(`${V3}qubit[1] q;\nbit[2] c;\nswitch (c) { case 1 { } case 0, 1 { } }`)).toEqual({ line: 5, column: 33, message: "case 1 is already handled" });
    expect(errorOf(`${V3}qubit[1] q;\nbit[2] c;\nswitch (c) { default { } case 1 { } }`)).toEqual({ line: 5, column: 26, message: "expected '}' after the default case but found 'case'" });
  });

  it("reads a condition joined with && as all its terms", () => {
    const joined = parseQasm(`${V3}qubit[3] q;\nbit[3] c;\nx q[0];\nc[0] = measure q[0];\nc[1] = measure q[1];\nif (c[0] && !c[1]) { x q[2]; }\nif (c[0] && c[1] == 1) h q[2];\nc[2] = measure q[2];`);
    const nested = parseQasm(`${V3}qubit[3] q;\nbit[3] c;\nx q[0];\nc[0] = measure q[0];\nc[1] = measure q[1];\nif (c[0]) { if (!c[1]) { x q[2]; } }\nif (c[0]) if (c[1] == 1) h q[2];\nc[2] = measure q[2];`);
    expect(joined).toEqual(nested);
    expect(simulate(joined, { shots: 1, seed: 1, exact: true }).exact).toEqual({ "101": 1 });
    // else after &&, and ||: one test the running program evaluates (both measured bits are 1 in
    // a quarter of the shots; one of them in three quarters).
    const tested = (condition: string) => simulate(parseQasm(`${V3}qubit[3] q;\nbit[3] c;\nh q[0];\nh q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\nif (${condition}) x q[2]; else id q[2];\nc[2] = measure q[2];`), { shots: 1, seed: 1, exact: true }).exact!;
    const rounded = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).map(([key, p]) => [key, Math.round(p * 1e12) / 1e12]));
    expect(rounded(tested("c[0] && c[1]"))).toEqual({ "000": 0.25, "001": 0.25, "010": 0.25, "111": 0.25 });
    expect(rounded(tested("c[0] || c[1]"))).toEqual({ "000": 0.25, "101": 0.25, "110": 0.25, "111": 0.25 });
  });

  it("refuses loop forms it cannot unroll, naming the place", () => {
    expect(errorOf(`${V3}qubit[2] q;\nfor int i in [0:0:3] { h q[i]; }`)).toEqual({ line: 4, column: 17, message: "a range's step cannot be 0" });
    expect(errorOf(`${V3}qubit[2] q;\nfor float x in [0:1] { h q[0]; }`)).toEqual({ line: 4, column: 5, message: "not supported by this simulator: for loops over float (loop over int or uint)" });
    expect(errorOf(`${V3}qubit[2] q;\nfor qubit x in q { h x; }`)).toEqual({ line: 4, column: 5, message: "expected a type (int, uint, float, angle) but found 'qubit'" });
    expect(errorOf(`${V3}qubit[2] q;\nfor int i in q { h q[i]; }`)).toEqual({ line: 4, column: 14, message: "not supported by this simulator: loops over a register" });
    expect(errorOf(`${V3}qubit[2] q;\nfor int i in [0:1] { qubit r; }`)).toEqual({ line: 4, column: 22, message: "a declaration cannot be inside a loop or box" });
    expect(errorOf(`${V3}qubit[2] q;\nfor int i in [0:2] { h q[i]; }`)).toEqual({ line: 4, column: 26, message: "index 2 is outside q[0…1]" });
  });

  it.each([
    [`${V3}qubit[1] q;\ndefcal x $0 { }`, 4, 1, "defcal (pulse-level calibrations)"],
    [`${V3}defcalgrammar "openpulse";\nqubit[1] q;`, 3, 1, "defcalgrammar (pulse-level calibrations)"],
    [`${V3}cal {\n  port d0;\n}`, 3, 1, "cal (pulse-level calibrations)"],
    [`${V3}extern f(int[32]) -> bit;`, 3, 1, "extern"],
    [`${V3}port p;`, 3, 1, "port"],
    [`${V3}frame f = newframe(p, 5e9, 0);`, 3, 1, "frame"],
    [`${V3}waveform w = gaussian(1, 16dt, 4dt);`, 3, 1, "waveform"],
    [`${V3}output bit b;`, 3, 1, "output"],
    [`${V3}const complex z = 1;`, 3, 7, "const complex"],
    [`${V3}input duration wait;`, 3, 7, "input duration"],
    [`${V3}qubit[1] q;\nopaque g a;`, 4, 1, "opaque gates (they have no definition to simulate)"],
  ])("refuses %j at line %i, column %i as not supported", (source, line, column, construct) => {
    expect(errorOf(source)).toEqual({ line, column, message: `not supported by this simulator: ${construct}` });
  });

  it("runs a program as qiskit.qasm3.dumps writes one with parameters, a loop and a layout", () => {
    const source = `OPENQASM 3.0;
include "stdgates.inc";
input float[64] theta;
input float[64] _gamma_0_;
bit[3] c;
gate rzz_0(_gate_p_0) _gate_q_0, _gate_q_1 {
  cx _gate_q_0, _gate_q_1;
  rz(_gate_p_0) _gate_q_1;
  cx _gate_q_0, _gate_q_1;
}
h $0;
h $1;
h $2;
for _ in [0:1] {
  rzz_0(2*_gamma_0_) $0, $1;
  rzz_0(2*_gamma_0_) $1, $2;
}
rx(theta) $0;
rx(theta) $1;
rx(theta) $2;
delay[100dt] $1;
barrier $0, $1, $2;
c[0] = measure $0;
c[1] = measure $1;
c[2] = measure $2;`;
    const c = parseQasm(source, {}, { parameters: { theta: 0.4, _gamma_0_: 0.3 } });
    expect(c.qubits).toBe(3);
    expect(c.ops).toHaveLength(3 + 2 * 2 * 3 + 3);
    expect(c.ops.filter((op) => op.name === "rz").map((op) => op.params[0])).toEqual([0.6, 0.6, 0.6, 0.6]);
    const exact = simulate(c, { shots: 1, seed: 1, exact: true }).exact!;
    expect(Object.values(exact).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe("names that are properties of every JavaScript object", () => {
  it.each([
    ["qreg q[1];\nconstructor q[0];", 2, 1, "unknown gate 'constructor'"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\ntoString q[0];', 4, 1, "unknown gate 'toString'"],
    ["qreg q[1];\nrx(constructor) q[0];", 2, 4, "unknown parameter 'constructor'"],
    ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nrx(__proto__) q[0];', 4, 4, "unknown parameter '__proto__'"],
  ])("%j is an unknown name at line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });

  it("binds a constant or input named __proto__ like any other", () => {
    const c = parseQasm('OPENQASM 3.0;\ninclude "stdgates.inc";\ninput float[64] __proto__;\nconst float[64] constructor = 2 * __proto__;\nqubit[1] q;\nrx(constructor) q[0];', {}, { parameters: JSON.parse('{"__proto__": 0.25}') as Record<string, number> });
    expect(c.ops).toEqual([{ name: "rx", qubits: [0], params: [0.5] }]);
  });
});

// OpenQASM 3's subroutines, classical variables and while loops: inlined and unrolled while reading.
describe("subroutines (def), inlined at each call", () => {
  const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

  it("builds a Bell pair as the inline program does", () => {
    const viaDef = parseQasm(`${V3}def bell(qubit a, qubit b) {\n  h a;\n  cx a, b;\n}\nqubit[2] q;\nbell(q[0], q[1]);`);
    expect(viaDef).toEqual(parseQasm(`${V3}qubit[2] q;\nh q[0];\ncx q[0], q[1];`));
    const exact = simulate(viaDef, { shots: 1, seed: 1, exact: true }).exact!;
    expect(exact["00"]).toBeCloseTo(0.5, 12);
    expect(exact["11"]).toBeCloseTo(0.5, 12);
  });

  it("binds registers and classical parameters, and returns measurements into the bits assigned", () => {
    const viaDef = parseQasm(`${V3}def prep(qubit[2] r, angle[32] theta, int[8] n) -> bit {\n  for int i in [1:n] x r[1];\n  ry(theta) r[0];\n  return measure r[0];\n}\nqubit[3] q;\nbit[2] c;\nc[0] = prep(q[0:1], pi / 2, 3);\nc[1] = prep({q[2], q[1]}[0:1], 0, 2);`.replace("{q[2], q[1]}[0:1]", "q[{2, 1}]"));
    const inline = parseQasm(`${V3}qubit[3] q;\nbit[2] c;\nx q[1]; x q[1]; x q[1];\nry(pi / 2) q[0];\nc[0] = measure q[0];\nx q[1]; x q[1];\nry(0) q[2];\nc[1] = measure q[2];`);
    expect(viaDef).toEqual(inline);
    const bitReturned = parseQasm(`${V3}def m(qubit[2] a) -> bit[2] { x a[1]; return measure a; }\nqubit[2] q;\nbit[2] c;\nc = m(q);`);
    expect(simulate(bitReturned, { shots: 1, seed: 1, exact: true }).exact).toEqual({ "10": 1 });
    // Called under a condition on a measured bit: every step of the body is under it.
    const conditional = parseQasm(`${V3}def flip(qubit a) { x a; }\nqubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nif (c[0]) flip(q[1]);\nc[1] = measure q[1];`);
    expect(conditional).toEqual(parseQasm(`${V3}qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nif (c[0]) x q[1];\nc[1] = measure q[1];`));
    const exact = simulate(conditional, { shots: 1, seed: 1, exact: true }).exact!;
    expect(exact["11"]).toBeCloseTo(0.5, 12);
    expect(exact["00"]).toBeCloseTo(0.5, 12);
  });

  it("returns early, and recurses while a constant condition holds", () => {
    expect(parseQasm(`${V3}def f(qubit a) { h a; return; x a; }\nqubit[1] q;\nf(q[0]);`).ops).toEqual([{ name: "h", qubits: [0], params: [] }]);
    const countdown = parseQasm(`${V3}def f(int n, qubit a) {\n  if (n > 0) {\n    rx(n) a;\n    f(n - 1, a);\n  }\n}\nqubit[1] q;\nf(3, q[0]);`);
    expect(countdown.ops.map((op) => op.params[0])).toEqual([3, 2, 1]);
  });

  it.each([
    [`${V3}def f(qubit a) { f(a); }\nqubit[1] q;\nf(q[0]);`, 3, 18, "subroutine calls nest deeper than 64 (QUANTUM_MAX_GATE_NESTING)"],
    [`${V3}def f(qubit a) -> bit { return measure a; }\nqubit[1] q;\nf(q[0]);`, 5, 1, "not supported by this simulator: discarding the measurement 'f' returns (assign it to bits)"],
    [`${V3}def f(qubit a) { return; }\nqubit[1] q;\nbit[1] c;\nc[0] = measure q[0];\ndef g(qubit a) { if (c[0]) return; }\ng(q[0]);`, 7, 22, "unknown parameter 'c'"],
    [`${V3}def g(qubit a, bit b) { if (b) return; h a; }\nqubit[1] q;\nbit[1] c;\nc[0] = measure q[0];\ng(q[0], c[0]);`, 3, 32, "not supported by this simulator: return under a condition on measured bits (depends on a measurement)"],
    [`${V3}def g(qubit a, bit b) { b = measure a; }\nqubit[1] q;\nbit[1] c;\ng(q[0], c[0]);`, 3, 29, "not supported by this simulator: writing to a bit passed to a subroutine (it is a copy there)"],
    [`${V3}def g(qubit[2] a) { h a; }\nqubit[3] q;\ng(q);`, 5, 3, "'a' of 'g' is 2 qubit(s), not 3"],
    [`${V3}def g(qubit a, qubit b) { cx a, b; }\nqubit[2] q;\ng(q[0]);`, 5, 1, "subroutine 'g' takes 2 argument(s)"],
    [`${V3}def g(qubit a, qubit b) { cx a, b; }\nqubit[2] q;\ng(q[0], q[0]);`, 5, 1, "subroutine 'g' is given the same qubit twice"],
    [`${V3}qubit[1] q;\nreturn;`, 4, 1, "return outside a subroutine"],
    [`${V3}qubit[1] q;\nfor int i in [0:1] { def f(qubit a) { } }`, 4, 22, "a subroutine definition cannot be inside a loop or box"],
    ['OPENQASM 2.0;\ninclude "qelib1.inc";\ndef f(qubit a) { }', 3, 1, "'def' is OpenQASM 3; this program's header says OpenQASM 2.0"],
  ])("refuses %j at line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });
});

describe("classical variables, known while reading or read from measured bits", () => {
  const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';
  const ops = (source: string) => parseQasm(source).ops.map((op) => `${op.name}(${op.params.map((p) => +p.toFixed(6)).join(",")})${op.qubits.join(",")}`);

  it("reads ^ as XOR in OpenQASM 3, binding between | and &, and as a power in OpenQASM 2.0", () => {
    // 6 ^ 3 = 5; | is looser (4 | (6 ^ 3) = 5), & tighter (6 ^ (3 & 1) = 7); ** is the power.
    expect(ops(`${V3}qubit[1] q;\nrx(6 ^ 3) q[0];\nrx(4 | 6 ^ 3) q[0];\nrx(6 ^ 3 & 1) q[0];\nrx(2 ** 3) q[0];`)).toEqual(["rx(5)0", "rx(5)0", "rx(7)0", "rx(8)0"]);
    expect(ops(`OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\nrx(2 ^ 3) q[0];\nrx(2 ** 3) q[0];`)).toEqual(["rx(8)0", "rx(8)0"]);
    const error = errorOf(`${V3}qubit[1] q;\nrx(pi ^ 2) q[0];`);
    expect(error).toMatchObject({ line: 4, column: 7 });
    expect(error.message).toMatch(/'\^' is XOR in OpenQASM 3 and needs whole numbers, not 3\.14\d+ \(a power is written \*\*\)/);
  });

  it("evaluates declarations, assignments, casts and operators while reading", () => {
    expect(ops(`${V3}qubit[1] q;\nint[8] x = 0;\nx += 1;\nx *= 6;\nx -= 2;\nx /= 3;\nrx(x) q[0];\nx <<= 2;\nx |= 1;\nx &= 13;\nx ^= 3;\nrx(x) q[0];\nx >>= 1;\nx %= 3;\nrx(x) q[0];`)).toEqual(["rx(1)0", "rx(6)0", "rx(0)0"]);
    // Wrapping at the width, casts, bits of integers, comparisons and logic.
    expect(ops(`${V3}qubit[1] q;\nint[8] a = 127;\na += 1;\nrx(a) q[0];\nuint[4] u = 17;\nrx(u) q[0];\nfloat[64] f = 2.75;\nrx(int(f) + int(-f)) q[0];\nbool b = 3 > 2 && !(1 == 2) || false;\nrx(b) q[0];\nrx(bool(0.5) + u[0] + (6 & 3) + (~0)) q[0];\nangle[2] t = 3 * pi / 4;\nrx(t) q[0];`)).toEqual(["rx(-128)0", "rx(1)0", "rx(0)0", "rx(1)0", "rx(3)0", "rx(1.570796)0"]);
    // An if on variables is decided while reading, else included; variables live in their block.
    expect(ops(`${V3}qubit[2] q;\nint n = 0;\nfor int i in [0:4] { int step = i % 2; if (step == 1 && n < 5) { n += i; } else rx(n) q[1]; }\nrx(n) q[0];`)).toEqual(["rx(0)1", "rx(1)1", "rx(4)1", "rx(4)0"]);
  });

  it("branches on a variable holding measured bits as on the bits themselves", () => {
    const viaVariable = parseQasm(`${V3}qubit[3] q;\nbit[2] c;\nh q[0];\nh q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\nbool flag = c[0];\nint[8] both = c;\nif (flag) x q[2];\nif (!flag) z q[2];\nif (both == 3 && flag) h q[2]; \nbool other = c[1] == 0;\nif (other) y q[2]; else s q[2];`);
    const direct = parseQasm(`${V3}qubit[3] q;\nbit[2] c;\nh q[0];\nh q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\nif (c[0]) x q[2];\nif (!c[0]) z q[2];\nif (c == 3 && c[0]) h q[2];\nif (c[1] == 0) y q[2]; else s q[2];`);
    expect(viaVariable).toEqual(direct);
    // Qiskit's switch_dummy, and any int variable holding bits, switches on the bits.
    const switched = parseQasm(`${V3}qubit[2] q;\nbit[1] c;\nh q[0];\nc[0] = measure q[0];\nint s = c;\nswitch (s) { case 1 { x q[1]; } }`);
    const exact = simulate(switched, { shots: 1, seed: 1, exact: true }).exact!;
    expect(exact["0"]).toBeCloseTo(0.5, 12);
    expect(exact["1"]).toBeCloseTo(0.5, 12);
    expect(switched).toEqual(parseQasm(`${V3}qubit[2] q;\nbit[1] c;\nh q[0];\nc[0] = measure q[0];\nif (c == 1) x q[1];`));
    // bit declarations with a measurement, and a no-op 0.
    const bits = parseQasm(`${V3}qubit[2] q;\nx q[1];\nbit[2] r = measure q;\nbit z = 0;`);
    expect(simulate(bits, { shots: 1, seed: 1, exact: true }).exact).toEqual({ "010": 1 });
  });

  it.each([
    [`${V3}qubit[1] q;\nbit[1] c;\nc[0] = measure q[0];\nint x = 0;\nif (c[0]) x = 1;\nrx(x) q[0];`, 8, 4, "a parameter of 'rx' read from measured bits (depends on a measurement)"],
    [`${V3}qubit[1] q;\nbit[1] c;\nbool f = c[0];\nfor int i in [0:1] {\n  if (f) x q[0];\n  c[0] = measure q[0];\n}`, 7, 7, "reading 'f' after the bits it was set from were measured again (depends on a measurement)"],
    [`${V3}qubit[1] q;\nbit[1] c;\nbool f = c[0];\nrx(f) q[0];`, 6, 4, "a parameter of 'rx' read from measured bits (depends on a measurement)"],
    [`${V3}qubit[1] q;\nbool b = measure q[0];`, 4, 10, "measuring into a bool variable (measure into bits: bit b = measure q;)"],
    [`${V3}complex z;`, 3, 1, "complex variables"],
  ])("refuses %j at line %i, column %i", (source, line, column, construct) => {
    expect(errorOf(source)).toEqual({ line, column, message: `not supported by this simulator: ${construct}` });
  });

  it("names other mistakes with variables", () => {
    expect(errorOf(`${V3}qubit[1] q;\nint x = 1;\nint x = 2;`)).toEqual({ line: 5, column: 5, message: "'x' is already declared" });
    expect(errorOf(`${V3}qubit[1] q;\nint x = 1;\ngate g a { rx(x) a; }`)).toEqual({ line: 5, column: 15, message: "a gate can use only constants, not the variable 'x'" });
    expect(errorOf(`${V3}qubit[1] q;\nfloat x = 1.5;\nx <<= 1;`)).toEqual({ line: 5, column: 3, message: "'<<' needs whole numbers, not 1.5" });
    expect(errorOf(`${V3}qubit[1] q;\nfor int i in [0:1] { int y = i; }\nrx(y) q[0];`)).toEqual({ line: 5, column: 4, message: "unknown parameter 'y'" });
  });
});

describe("while, break and continue, unrolled while reading", () => {
  const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

  it("unrolls a counter-driven while as the program written out", () => {
    const looped = parseQasm(`${V3}qubit[2] q;\nint i = 0;\nwhile (i < 3) {\n  rx(i) q[0];\n  i += 1;\n}\ncx q[0], q[1];`);
    expect(looped).toEqual(parseQasm(`${V3}qubit[2] q;\nrx(0) q[0];\nrx(1) q[0];\nrx(2) q[0];\ncx q[0], q[1];`));
    const exact = simulate(looped, { shots: 1, seed: 1, exact: true }).exact!;
    expect(exact["00"]).toBeCloseTo(Math.cos(1.5) ** 2, 12);
    expect(exact["11"]).toBeCloseTo(Math.sin(1.5) ** 2, 12);
    // break and continue, in while and for, also in a subroutine's loop.
    const exits = parseQasm(`${V3}qubit[1] q;\nint n = 0;\nwhile (true) { n += 1; if (n == 2) continue; if (n > 4) break; rx(n) q[0]; }\nfor int i in [0:9] { if (i == 2) break; rz(i) q[0]; }\ndef f(qubit a) { for int k in [1:5] { if (k % 2 == 0) continue; ry(k) a; } }\nf(q[0]);`);
    expect(exits.ops.map((op) => `${op.name}(${op.params[0]})`)).toEqual(["rx(1)", "rx(3)", "rx(4)", "rz(0)", "rz(1)", "ry(1)", "ry(3)", "ry(5)"]);
  });

  it("refuses an endless while at once, and a long one by the budget", () => {
    expect(errorOf(`${V3}qubit[1] q;\nwhile (true) { h q[0]; }`)).toEqual({ line: 4, column: 1, message: "reading the program takes more steps than 2000000 (QUANTUM_MAX_EXPANSION_STEPS)" });
    const limited = (source: string, maxExpansionSteps = 50_000) => {
      try {
        parseQasm(source, { maxExpansionSteps, maxOperations: 1000 });
      } catch (error) {
        if (error instanceof QasmError) return { line: error.line, message: error.message };
        throw error;
      }
      throw new Error("expected a parse error");
    };
    expect(limited(`${V3}qubit[1] q;\nint i = 0;\nwhile (i >= 0) { i += 1; }`)).toEqual({ line: 5, message: "reading the program takes more steps than 50000 (QUANTUM_MAX_EXPANSION_STEPS)" });
    expect(limited(`${V3}qubit[1] q;\nint i = 0;\nwhile (i >= 0) { i += 1; x q[0]; }`, 200_000)).toEqual({ line: 5, message: "the program expands to more operations than 1000 (QUANTUM_MAX_GATES)" });
  });

  it.each([
    [`${V3}qubit[1] q;\nbreak;`, 4, 1, "'break' outside a loop"],
    [`${V3}qubit[1] q;\ndef f(qubit a) { continue; }\nfor int i in [0:1] f(q[0]);`, 4, 18, "'continue' outside a loop"],
    ['OPENQASM 2.0;\nqreg q[1];\nwhile (1) { }', 3, 1, "'while' is OpenQASM 3; this program's header says OpenQASM 2.0"],
  ])("refuses %j at line %i, column %i", (source, line, column, message) => {
    expect(errorOf(source)).toEqual({ line, column, message });
  });
});

describe("more of what Qiskit writes: Unicode names, the first switch syntax, braced aliases, annotations, bool inputs, scopes", () => {
  const V3 = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';
  const same = (a: string, b: string, options: Parameters<typeof parseQasm>[2] = {}) => expect(parseQasm(a, {}, options)).toEqual(parseQasm(b));

  it("reads names in any script, such as θ, as inputs, gate parameters and registers", () => {
    same(`${V3}input float[64] θ;\nqubit[1] ψ;\ngate rot(φ) a { ry(φ) a; }\nrot(θ / 2) ψ[0];`, `${V3}qubit[1] q;\nry(0.25) q[0];`, { parameters: { θ: 0.5 } });
    // π is pi, and cannot be declared.
    same(`${V3}qubit[1] q;\nrz(π / 4) q[0];`, `${V3}qubit[1] q;\nrz(pi / 4) q[0];`);
    expect(errorOf(`${V3}const float[64] π = 3;`)).toEqual({ line: 3, column: 17, message: "'π' is a built-in constant" });
  });

  it("reads `case 0: { … } break;`, several labels sharing a block, and `default:`", () => {
    const body = (cases: string) => `${V3}bit[2] c;\nint switch_dummy;\nqubit[2] q;\nh q;\nc = measure q;\nswitch_dummy = c;\nswitch (switch_dummy) {\n${cases}\n}`;
    same(body("case 0: {\n x q[0];\n}\nbreak;\ncase 1:\ncase 2: {\n y q[0];\n}\nbreak;\ndefault: {\n z q[0];\n}\nbreak;"), body("case 0 { x q[0]; }\ncase 1, 2 { y q[0]; }\ndefault { z q[0]; }"));
    // The same without the breaks, which the old syntax also allows.
    same(body("case 0: { x q[0]; }\ncase 3: { z q[1]; }"), body("case 0 { x q[0]; }\ncase 3 { z q[1]; }"));
    expect(errorOf(body("case 0: case 0: { x q[0]; }"))).toEqual({ line: 10, column: 14, message: "case 0 is already handled" });
  });

  it("reads an alias of loose qubits or bits in braces, also of other aliases' elements", () => {
    same(
      `${V3}qubit a;\nqubit b;\nqubit c;\nbit x;\nbit y;\nbit z;\nlet both = {a, c};\nlet back = {both[1], b};\nlet bits = {z, x};\nh both;\ncx back[0], back[1];\nbits[0] = measure back[1];\nbits[1] = measure both[0];`,
      `${V3}qubit[3] q;\nbit[3] r;\nh q[0];\nh q[2];\ncx q[2], q[1];\nr[2] = measure q[1];\nr[0] = measure q[0];`,
    );
    expect(errorOf(`${V3}qubit a;\nqubit b;\nlet twice = {a, b, a};`)).toEqual({ line: 5, column: 1, message: "'twice' would name the same qubit twice" });
    expect(errorOf(`${V3}qubit a;\nlet open = {a;`)).toEqual({ line: 4, column: 14, message: "expected '}' but found ';'" });
  });

  it("skips annotations at the start of a statement, and still reads @ as a modifier", () => {
    same(`${V3}@my.str hello, world\nqubit[2] q;\n@static\nbox {\n  @static.global x\n  inv@s q[0];\n}\nctrl @ x q[0], q[1];`, `${V3}qubit[2] q;\nbox {\n  inv @ s q[0];\n}\nctrl @ x q[0], q[1];`);
  });

  it("binds bool inputs to true or false, and refuses a value of the wrong kind naming the input", () => {
    const program = `${V3}input bool flip;\nqubit[1] q;\nif (flip) x q[0];`;
    same(program, `${V3}qubit[1] q;\nx q[0];`, { parameters: { flip: true } });
    same(program, `${V3}qubit[1] q;`, { parameters: { flip: false } });
    const inputError = (source: string, parameters: Record<string, number | boolean>) => {
      try {
        parseQasm(source, {}, { parameters });
      } catch (error) {
        if (error instanceof QasmInputError) return { message: error.message, parameter: error.parameter };
        throw error;
      }
      throw new Error("expected an input error");
    };
    expect(inputError(program, { flip: 1 })).toEqual({ message: "input 'flip' is bool: send true or false", parameter: "flip" });
    expect(inputError(`${V3}input float[64] theta;\nqubit[1] q;`, { theta: true })).toEqual({ message: "input 'theta' is float: send a number, not true", parameter: "theta" });
  });

  it("lets a program assign to its inputs, and an inner block shadow a variable until it ends", () => {
    same(
      `${V3}input bool a;\ninput uint[8] b;\nqubit[1] q;\na = !a;\nb = b & 8;\nif (a) rx(b) q[0];\nuint[16] n = 5;\nif (b == 8) {\n  uint[16] n = 7;\n  ry(n) q[0];\n  if (true) { float[64] n = 0.5; rz(n) q[0]; }\n  rz(n) q[0];\n}\nrx(n) q[0];`,
      `${V3}qubit[1] q;\nrx(8) q[0];\nry(7) q[0];\nrz(0.5) q[0];\nrz(7) q[0];\nrx(5) q[0];`,
      { parameters: { a: false, b: 12 } },
    );
    // Twice in the same block is still an error.
    expect(errorOf(`${V3}qubit[1] q;\nif (true) { int n = 1; int n = 2; }`)).toEqual({ line: 4, column: 28, message: "'n' is already declared" });
  });

  it("runs a program without qubits, as Qiskit writes a circuit of classical steps only: its bits, all 0", () => {
    const classical = parseQasm(`${V3}bit[3] cr;\ninput bool a;\nuint[8] c;\nc = ~3;\nif (cr == 1) {\n}\n@static\nbox { }`, {}, { parameters: { a: true } });
    expect(classical).toMatchObject({ qubits: 0, clbits: 3 });
    expect(simulate(classical, { shots: 4, seed: 1, exact: true })).toMatchObject({ counts: { "000": 4 }, exact: { "000": 1 } });
  });

  it("knows the standard gates in an OpenQASM 3 program without the include, as Qiskit writes one for a device's basis gates", () => {
    same("OPENQASM 3.0;\nx $0;\nsx $1;\nrz(0.5) $0;\ncx $0, $1;", "OPENQASM 3.0;\ninclude \"stdgates.inc\";\nx $0;\nsx $1;\nrz(0.5) $0;\ncx $0, $1;");
    expect(errorOf("OPENQASM 3.0;\nx $0;\nmy_gate $0;")).toEqual({ line: 3, column: 1, message: "not supported by this simulator: 'my_gate', an instruction the program does not define (a device's own, with no definition to simulate)" });
    expect(errorOf("OPENQASM 3.0;\nbit[1] c;\nc[0] = measure_2 $0;")).toEqual({ line: 3, column: 8, message: "not supported by this simulator: 'measure_2', an instruction the program does not define (a device's own, with no definition to simulate)" });
    // With the include, an undefined name is a mistake of the program.
    expect(errorOf(`OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit q;\nmy_gate q;`)).toEqual({ line: 4, column: 1, message: "unknown gate 'my_gate'" });
  });
});

// The OpenQASM 2.0 parser: gates, registers, parameters, definitions, broadcasting, and errors
// that name the line and column.
import { describe, expect, it } from "vitest";
import { parseQasm, QasmError, toQasm3 } from "../../lib/quantum/qasm";
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
    ['include "other.inc";', 1, 9, 'only "qelib1.inc" can be included, not "other.inc"'],
    ["qreg q[1];\nh q[0]", 2, 7, "expected ';' but found 'end of input'"],
    ["qreg q[1]; /* open", 1, 12, "unterminated comment"],
    ["qreg q[1];\nh q[0]; #", 2, 9, "unexpected character '#'"],
    ["creg c[1];", 1, 11, "the program declares no qubits (qreg)"],
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
    ["OPENQASM 2;\nqreg q[1];", 1, 10, "OpenQASM 2 is not accepted here; send OpenQASM 2.0 or 3.0"],
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
    ['OPENQASM 3.0;\nqubit[1] q;\nh q[0];', 3, 1, `unknown gate 'h' (add include "stdgates.inc";)`],
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

// OpenQASM 2.0 and 3 → Circuit.
//
// OpenQASM 2.0 as its specification says: only U and CX exist until `include "qelib1.inc";`
// brings in the standard library (Qiskit's edition of it, with rccx, rc3x, c3x, c3sqrtx and c4x);
// a program may define its own gates, also under the names of qelib1's later additions (`cu`,
// `p`, `sx`, …), never under a name the original library or the program already defined. The
// header, when present, must say 2.0. A program without any header is read leniently, as a
// snippet: every gate of both libraries and of the simulator is known, in either syntax.
//
// OpenQASM 3 for what ordinary circuits use: `OPENQASM 3.0;`, `include "stdgates.inc";`,
// `qubit[n] q;` / `bit[n] c;` (and the old qreg/creg), `c[0] = measure q[0];`, `c = measure q;`,
// `reset`, `if (c == 1)` / `if (c[0])` / `if (!c[0])` with an optional `else`, gate definitions,
// the modifiers `ctrl @`, `negctrl @`, `inv @` and `pow(k) @`, `U` and `gphase`.
//
// Both: registers broadcast as the specifications say (`h q;`, `cx a, b;` over equal sizes,
// `measure q -> c;`), `barrier`, comments. Mid-circuit measurement, `reset` and `if` make the
// circuit dynamic (see Circuit.program). Every error names its line and column, and every limit
// of `QasmLimits` is checked while reading, before the thing it bounds is allocated or expanded.
import type { Barrier, Circuit, Condition, Instruction, Measurement } from "../../simulator/passes/circuit";
import { GATES, type GateOp } from "../../simulator/passes/gates";
import { evaluate, namesIn, parseExpression, type Cursor, type DepthGuard, type Expr } from "./expression";
import { QasmError, tokenize, type Token } from "./lexer";
import { DEFAULT_QASM_LIMITS, QasmLimitError, type QasmLimits } from "./limits";

type Register = { name: string; size: number; offset: number };
type Arg = { register: Register; index?: number; token: Token };

/** A gate the simulator runs: its name there, parameters, qubits (controls included) and controls. */
type Builtin = { kind: "builtin"; gate: string; params: number; qubits: number; controls?: number };
type GateDef = {
  kind: "user";
  name: string;
  params: string[];
  args: string[];
  body: BodyCall[];
  /** 1 for a body of built-in gates only, else 1 + the deepest definition it calls. */
  nesting: number;
  /** Operations one call expands to (a double: huge, or Infinity, when it would blow up). */
  size: number;
};
type Target = Builtin | GateDef;
type Modifier = { kind: "inv" } | { kind: "pow"; exponent: number } | { kind: "ctrl" | "negctrl"; count: number };
type BodyCall = { target: Target; modifiers: Modifier[]; params: Expr[]; args: Token[]; token: Token };

const builtin = (gate: string, params: number, qubits: number, controls = 0): Builtin => ({ kind: "builtin", gate, params, qubits, controls });

// What U, CX and gphase are in every program.
const CORE: Record<string, Builtin> = { U: builtin("u3", 3, 1), CX: builtin("cx", 0, 2) };
const CORE3: Record<string, Builtin> = { ...CORE, gphase: builtin("gphase", 1, 0) };

// qelib1.inc as the OpenQASM 2.0 specification published it: these names cannot be redefined.
const QELIB1_ORIGINAL: Record<string, Builtin> = {
  u3: builtin("u3", 3, 1), u2: builtin("u2", 2, 1), u1: builtin("u1", 1, 1), cx: builtin("cx", 0, 2), id: builtin("id", 0, 1),
  u0: builtin("u0", 1, 1), x: builtin("x", 0, 1), y: builtin("y", 0, 1), z: builtin("z", 0, 1), h: builtin("h", 0, 1),
  s: builtin("s", 0, 1), sdg: builtin("sdg", 0, 1), t: builtin("t", 0, 1), tdg: builtin("tdg", 0, 1), rx: builtin("rx", 1, 1),
  ry: builtin("ry", 1, 1), rz: builtin("rz", 1, 1), cz: builtin("cz", 0, 2), cy: builtin("cy", 0, 2), ch: builtin("ch", 0, 2),
  ccx: builtin("ccx", 0, 3), crz: builtin("crz", 1, 2), cu1: builtin("cu1", 1, 2), cu3: builtin("cu3", 3, 2),
};
// Qiskit's later additions to qelib1.inc: known after the include, yet a program may define its
// own gate under one of these names (its definition then replaces the library's).
const QELIB1_EXTENDED: Record<string, Builtin> = {
  u: builtin("u3", 3, 1), p: builtin("p", 1, 1), sx: builtin("sx", 0, 1), sxdg: builtin("sxdg", 0, 1), swap: builtin("swap", 0, 2),
  cswap: builtin("cswap", 0, 3), crx: builtin("crx", 1, 2), cry: builtin("cry", 1, 2), cp: builtin("cp", 1, 2), csx: builtin("csx", 0, 2),
  cu: builtin("cu", 4, 2), rxx: builtin("rxx", 1, 2), rzz: builtin("rzz", 1, 2),
  c3x: builtin("x", 0, 4, 3), c3sqrtx: builtin("sx", 0, 4, 3), c4x: builtin("x", 0, 5, 4),
};
// qelib1's relative-phase Toffolis are what their definitions make them.
const QELIB1_DEFINED = `
gate rccx a, b, c { u2(0, pi) c; u1(pi/4) c; cx b, c; u1(-pi/4) c; cx a, c; u1(pi/4) c; cx b, c; u1(-pi/4) c; u2(0, pi) c; }
gate rc3x a, b, c, d {
  u2(0, pi) d; u1(pi/4) d; cx c, d; u1(-pi/4) d; u2(0, pi) d; cx a, d; u1(pi/4) d; cx b, d; u1(-pi/4) d;
  cx a, d; u1(pi/4) d; cx b, d; u1(-pi/4) d; u2(0, pi) d; u1(pi/4) d; cx c, d; u1(-pi/4) d; u2(0, pi) d;
}`;
// stdgates.inc of OpenQASM 3.
const STDGATES: Record<string, Builtin> = {
  p: builtin("p", 1, 1), x: builtin("x", 0, 1), y: builtin("y", 0, 1), z: builtin("z", 0, 1), h: builtin("h", 0, 1),
  s: builtin("s", 0, 1), sdg: builtin("sdg", 0, 1), t: builtin("t", 0, 1), tdg: builtin("tdg", 0, 1), sx: builtin("sx", 0, 1),
  rx: builtin("rx", 1, 1), ry: builtin("ry", 1, 1), rz: builtin("rz", 1, 1), cx: builtin("cx", 0, 2), cy: builtin("cy", 0, 2),
  cz: builtin("cz", 0, 2), cp: builtin("cp", 1, 2), crx: builtin("crx", 1, 2), cry: builtin("cry", 1, 2), crz: builtin("crz", 1, 2),
  ch: builtin("ch", 0, 2), swap: builtin("swap", 0, 2), ccx: builtin("ccx", 0, 3), cswap: builtin("cswap", 0, 3), cu: builtin("cu", 4, 2),
  CX: builtin("cx", 0, 2), phase: builtin("p", 1, 1), cphase: builtin("cp", 1, 2), id: builtin("id", 0, 1),
  u1: builtin("u1", 1, 1), u2: builtin("u2", 2, 1), u3: builtin("u3", 3, 1),
};

// Inverses: self-inverse gates, pairs, and gates whose inverse negates (or permutes) parameters.
const SELF_INVERSE = new Set(["id", "x", "y", "z", "h", "cx", "cy", "cz", "ch", "swap", "ccx", "cswap", "ecr"]);
const INVERSE_PAIRS: Record<string, string> = { s: "sdg", sdg: "s", t: "tdg", tdg: "t", sx: "sxdg", sxdg: "sx" };
const ROTATIONS = new Set(["rx", "ry", "rz", "p", "u1", "u0", "crx", "cry", "crz", "cp", "cu1", "rzz", "rxx", "gphase"]);

const invert = (op: GateOp): GateOp => {
  const { name, params } = op;
  if (SELF_INVERSE.has(name)) return op;
  if (INVERSE_PAIRS[name]) return { ...op, name: INVERSE_PAIRS[name] };
  if (ROTATIONS.has(name)) return { ...op, params: params.map((value) => -value) };
  switch (name) {
    case "u2": return { ...op, name: "u3", params: [-Math.PI / 2, -params[1], -params[0]] };
    case "u3": case "u": case "cu3": return { ...op, params: [-params[0], -params[2], -params[1]] };
    case "cu": return { ...op, params: [-params[0], -params[2], -params[1], -params[3]] };
    // csx⁻¹ is a controlled sxdg.
    case "csx": return { ...op, name: "sxdg", controls: (op.controls ?? 0) + 1 };
  }
  throw new Error(`no inverse for ${name}`);
};

/** How many steps of reading pass between two looks at the clock. */
const CLOCK_CHECK_STEPS = 4096;

class Parser implements Cursor {
  private position = 0;
  private qregs = new Map<string, Register>();
  private cregs = new Map<string, Register>();
  private qubits = 0;
  private clbits = 0;
  private gates = new Map<string, GateDef>();
  private library: Record<string, Builtin> = {};
  /** Names a program may not define: U, CX, the original qelib1 and stdgates. */
  private fixed = new Set<string>();
  private version: 2 | 3 | "snippet" = "snippet";
  private program: Instruction[] = [];
  private conditions: Condition[] = [];
  /** Qubits some instruction acted on; measured: qubits measured since their last gate or reset. */
  private touched = new Set<number>();
  private measured = new Set<number>();
  private dynamic = false;
  /** Barriers with the length of `program` when each was read (turned into Barrier.at at the end). */
  private barriers: Barrier[] = [];
  /** Operations produced so far, counted as they are produced (gates after expansion, measurements). */
  private operations = 0;
  /** Steps of reading charged so far (see QasmLimits.maxExpansionSteps), and when reading must end. */
  private steps = 0;
  private nextClockCheck = CLOCK_CHECK_STEPS;
  private readonly deadline: number;
  /** The conditions in force, shared by every instruction read under them (never copied per instruction). */
  private when: Condition[] | undefined;
  private whenBits = 0;
  private readonly guard: DepthGuard;

  constructor(
    private readonly tokens: Token[],
    private readonly limits: QasmLimits,
  ) {
    this.guard = {
      maxDepth: limits.maxExpressionDepth,
      tooDeep: (at) => this.overLimit(at, "maxExpressionDepth", "an expression nests deeper than"),
    };
    this.deadline = performance.now() + limits.maxReadMs;
  }

  peek = () => this.tokens[this.position];
  private peekAt = (offset: number) => this.tokens[Math.min(this.position + offset, this.tokens.length - 1)];
  next = () => {
    const token = this.tokens[this.position];
    if (this.position < this.tokens.length - 1) this.position += 1;
    return token;
  };
  fail = (token: Token, message: string): never => {
    throw new QasmError(token.line, token.column, message);
  };
  expect = (text: string) => {
    const token = this.next();
    if (token.text !== text || (token.kind !== "symbol" && token.kind !== "id")) this.fail(token, `expected '${text}' but found '${token.text}'`);
    return token;
  };
  private is = (text: string) => {
    const token = this.peek();
    return token.text === text && (token.kind === "symbol" || token.kind === "id");
  };
  private identifier = (what: string) => {
    const token = this.next();
    if (token.kind !== "id") this.fail(token, `expected ${what} but found '${token.text}'`);
    return token;
  };
  private integer = () => {
    const token = this.next();
    if (token.kind !== "number" || !/^\d+$/.test(token.text)) this.fail(token, `expected a whole number but found '${token.text}'`);
    return { value: Number(token.text), token };
  };

  private overLimit = (at: Token, limit: keyof QasmLimits, what: string): never => {
    throw new QasmLimitError(at.line, at.column, limit, this.limits[limit], what);
  };

  // Every piece of work reading does is charged here before it is done: the steps budget bounds
  // time and memory whatever the constructs and their combination, and the clock is read every
  // CLOCK_CHECK_STEPS steps, so reading also stops at its time limit.
  private charge(at: Token, steps: number) {
    this.steps += steps;
    if (this.steps > this.limits.maxExpansionSteps) this.overLimit(at, "maxExpansionSteps", "reading the program takes more steps than");
    if (this.steps < this.nextClockCheck) return;
    this.nextClockCheck = this.steps + CLOCK_CHECK_STEPS;
    if (performance.now() > this.deadline) this.overLimit(at, "maxReadMs", "reading the program takes longer, in milliseconds, than");
  }

  /** Operations produced (each is also a step of reading). */
  private countOperations(at: Token, count: number) {
    if (this.operations + count > this.limits.maxOperations) this.overLimit(at, "maxOperations", "the program expands to more operations than");
    this.operations += count;
    this.charge(at, count);
  }

  /** An expression evaluated: one step per node. */
  private evaluateCharged(expr: Expr, scope: Record<string, number>, at: Token) {
    this.charge(at, expr.size);
    return evaluate(expr, scope);
  }

  parse(): Circuit {
    const circuit = this.circuit();
    if (this.barriers.length === 0) return circuit;
    // A static circuit counts its barriers' places in gates (its measurements are drawn at the end).
    const gatesBefore: number[] = [];
    let count = 0;
    for (const step of this.program) {
      gatesBefore.push(count);
      if (step.kind === "gate") count += 1;
    }
    gatesBefore.push(count);
    const barriers = circuit.program ? this.barriers : this.barriers.map((b) => ({ at: gatesBefore[b.at], qubits: b.qubits }));
    return { ...circuit, barriers };
  }

  private circuit(): Circuit {
    this.header();
    while (this.peek().kind !== "eof") this.statement();
    if (this.qubits === 0) this.fail(this.peek(), "the program declares no qubits (qreg)");
    const measures = this.program.filter((step) => step.kind === "measure");
    const gates = this.program.flatMap((step) => (step.kind === "gate" ? [step.op] : []));
    if (measures.length === 0) {
      // Nothing measured: every qubit is measured into a bit of its own, at the end.
      const all = Array.from({ length: this.qubits }, (_, k) => ({ qubit: k, clbit: k }));
      if (!this.dynamic) return { qubits: this.qubits, clbits: this.qubits, ops: gates, measurements: all };
      const program = [...this.program, ...all.map((m): Instruction => ({ kind: "measure", ...m }))];
      return { qubits: this.qubits, clbits: this.qubits, ops: gates, measurements: [], program };
    }
    if (!this.dynamic) {
      const measurements = measures.map((m): Measurement => ({ qubit: m.qubit, clbit: m.clbit }));
      return { qubits: this.qubits, clbits: this.clbits, ops: gates, measurements };
    }
    return { qubits: this.qubits, clbits: this.clbits, ops: gates, measurements: [], program: this.program };
  }

  private header() {
    if (this.peek().text !== "OPENQASM") {
      const simulator = Object.fromEntries(Object.entries(GATES).map(([name, spec]) => [name, builtin(name, spec.params, spec.qubits)]));
      this.library = { ...simulator, ...QELIB1_ORIGINAL, ...QELIB1_EXTENDED, ...STDGATES, ...CORE3 };
      this.fixed = new Set([...Object.keys(CORE3)]);
      this.defineLibrary();
      return;
    }
    this.next();
    const version = this.next();
    if (version.kind !== "number") this.fail(version, `expected a version number but found '${version.text}'`);
    if (version.text === "2.0") {
      this.version = 2;
      this.library = { ...CORE };
    } else if (version.text === "3" || version.text === "3.0") {
      this.version = 3;
      this.library = { ...CORE3 };
    } else this.fail(version, `OpenQASM ${version.text} is not accepted here; send OpenQASM 2.0 or 3.0`);
    this.fixed = new Set(Object.keys(this.library));
    this.expect(";");
  }

  // The definitions that come with qelib1.inc, read as if the program began with them.
  private defineLibrary() {
    const library = new Parser(tokenize(QELIB1_DEFINED), { ...DEFAULT_QASM_LIMITS, maxGateDefinitions: Infinity });
    library.library = { ...QELIB1_ORIGINAL };
    while (library.peek().kind !== "eof") library.gateDefinition();
    for (const [name, def] of library.gates) if (!this.gates.has(name)) this.gates.set(name, { ...def, nesting: 0 });
  }

  private statement() {
    const token = this.peek();
    if (token.kind !== "id") this.fail(token, `expected a statement but found '${token.text}'`);
    const top = this.conditions.length === 0;
    switch (token.text) {
      case "include": return top ? this.include() : this.fail(token, "'include' cannot be conditional");
      case "qreg": case "creg": return top ? this.register(token.text) : this.fail(token, "a declaration cannot be conditional");
      case "qubit": case "bit":
        if (this.version === 2) break;
        return top ? this.declaration(token.text) : this.fail(token, "a declaration cannot be conditional");
      case "gate": return top ? this.gateDefinition() : this.fail(token, "a gate definition cannot be conditional");
      case "measure": return this.measure();
      case "reset": return this.reset();
      case "barrier": return this.barrier();
      case "if": return this.conditional();
      case "OPENQASM": return this.fail(token, "the OPENQASM header must come first");
      case "opaque": return this.fail(token, "'opaque' gates have no definition and cannot be simulated");
    }
    if (this.cregs.has(token.text) && (this.peekAt(1).text === "=" || this.peekAt(1).text === "[") && this.version !== 2) return this.assignment();
    return this.gateCall();
  }

  private include() {
    this.next();
    const file = this.next();
    if (file.kind !== "string") this.fail(file, `expected a file name in quotes but found '${file.text}'`);
    const wanted = this.version === 3 ? "stdgates.inc" : "qelib1.inc";
    if (this.version === "snippet" && (file.text === "qelib1.inc" || file.text === "stdgates.inc")) return this.expect(";");
    if (file.text !== wanted) this.fail(file, `only "${wanted}" can be included, not "${file.text}"`);
    this.expect(";");
    if (this.version === 3) {
      this.library = { ...this.library, ...STDGATES };
      for (const name of Object.keys(STDGATES)) this.fixed.add(name);
    } else {
      // A program's own definitions made before the include keep their names only if the library
      // does not fix them.
      for (const name of Object.keys(QELIB1_ORIGINAL)) if (this.gates.has(name)) this.fail(file, `gate '${name}' is defined by the program and by qelib1.inc`);
      this.library = { ...this.library, ...QELIB1_ORIGINAL, ...QELIB1_EXTENDED };
      for (const name of Object.keys(QELIB1_ORIGINAL)) this.fixed.add(name);
      this.defineLibrary();
    }
  }

  private declareRegister(kind: "q" | "c", name: Token, size: { value: number; token: Token }) {
    if (this.qregs.has(name.text) || this.cregs.has(name.text)) this.fail(name, `register '${name.text}' is already declared`);
    if (size.value < 1) this.fail(size.token, "a register needs at least one bit");
    if (kind === "q" && this.qubits + size.value > this.limits.maxQubits) {
      throw new QasmLimitError(size.token.line, size.token.column, "maxQubits", this.limits.maxQubits, "the program declares more qubits than", this.qubits + size.value);
    }
    if (kind === "c" && this.clbits + size.value > this.limits.maxClbits) this.overLimit(size.token, "maxClbits", "the program declares more classical bits than");
    if (kind === "q") {
      this.qregs.set(name.text, { name: name.text, size: size.value, offset: this.qubits });
      this.qubits += size.value;
    } else {
      this.cregs.set(name.text, { name: name.text, size: size.value, offset: this.clbits });
      this.clbits += size.value;
    }
  }

  // qreg q[n]; creg c[n];
  private register(kind: string) {
    this.next();
    const name = this.identifier("a register name");
    this.expect("[");
    const size = this.integer();
    this.expect("]");
    this.expect(";");
    this.declareRegister(kind === "qreg" ? "q" : "c", name, size);
  }

  // qubit[n] q; qubit q; bit[n] c; bit c;
  private declaration(kind: string) {
    const at = this.next();
    let size = { value: 1, token: at };
    if (this.is("[")) {
      this.next();
      size = this.integer();
      this.expect("]");
    }
    const name = this.identifier("a register name");
    if (this.is("=")) this.fail(this.peek(), "a declaration cannot be initialised here; assign with a separate statement");
    this.expect(";");
    this.declareRegister(kind === "qubit" ? "q" : "c", name, size);
  }

  private argument(registers: Map<string, Register>, what: string): Arg {
    const token = this.identifier(what);
    const register = registers.get(token.text);
    if (!register) this.fail(token, `unknown ${what} '${token.text}'`);
    if (!this.is("[")) return { register: register!, token };
    this.next();
    const index = this.integer();
    if (index.value >= register!.size) this.fail(index.token, `index ${index.value} is outside ${token.text}[0…${register!.size - 1}]`);
    this.expect("]");
    return { register: register!, index: index.value, token };
  }

  // Arguments of equal-size registers (or single bits) broadcast into one call per index.
  private broadcast(args: Arg[], at: Token): number[][] {
    const sizes = new Set(args.filter((arg) => arg.index === undefined).map((arg) => arg.register.size));
    if (sizes.size > 1) this.fail(at, "registers of different sizes cannot be broadcast together");
    const count = sizes.size === 0 ? 1 : [...sizes][0];
    this.charge(at, count * Math.max(1, args.length));
    return Array.from({ length: count }, (_, k) => args.map((arg) => arg.register.offset + (arg.index ?? k)));
  }

  private push(step: Instruction, at: Token) {
    const when = this.when;
    if (when) {
      this.dynamic = true;
      // The simulator reads every bit of every condition for each conditional instruction.
      this.charge(at, this.whenBits);
    }
    if (step.kind === "gate") {
      for (const q of step.op.qubits) {
        if (this.measured.has(q)) this.dynamic = true;
        this.touched.add(q);
      }
      if (!when) for (const q of step.op.qubits) this.measured.delete(q);
    } else if (step.kind === "reset") {
      // A reset of a qubit nothing has touched does nothing.
      if (!this.touched.has(step.qubit) && !when) return;
      this.dynamic = true;
      this.measured.delete(step.qubit);
    } else {
      this.countOperations(at, 1);
      this.touched.add(step.qubit);
      this.measured.add(step.qubit);
    }
    this.program.push(when ? { ...step, when } : step);
  }

  private measureInto(qubit: Arg, clbit: Arg, at: Token) {
    const qubitSize = qubit.index === undefined ? qubit.register.size : 1;
    const clbitSize = clbit.index === undefined ? clbit.register.size : 1;
    if (qubitSize !== clbitSize) this.fail(at, `measure needs as many bits as qubits (${qubitSize} qubits, ${clbitSize} bits)`);
    if (this.operations + qubitSize > this.limits.maxOperations) this.overLimit(at, "maxOperations", "the program expands to more operations than");
    for (const [q, c] of this.broadcast([qubit, clbit], at)) this.push({ kind: "measure", qubit: q, clbit: c }, at);
  }

  // measure q -> c;
  private measure() {
    const at = this.next();
    const qubit = this.argument(this.qregs, "quantum register");
    if (!this.is("->")) this.fail(this.peek(), this.version === 3 ? "a measurement needs a bit to go into: write 'c = measure q;' or 'measure q -> c;'" : `expected '->' but found '${this.peek().text}'`);
    this.next();
    const clbit = this.argument(this.cregs, "classical register");
    this.expect(";");
    this.measureInto(qubit, clbit, at);
  }

  // c[0] = measure q[0]; c = measure q;
  private assignment() {
    const clbit = this.argument(this.cregs, "classical register");
    this.expect("=");
    const at = this.peek();
    if (at.text !== "measure") this.fail(at, `only a measurement can be assigned to '${clbit.token.text}' here, not '${at.text}'`);
    this.next();
    const qubit = this.argument(this.qregs, "quantum register");
    this.expect(";");
    this.measureInto(qubit, clbit, at);
  }

  private reset() {
    const at = this.next();
    const qubit = this.argument(this.qregs, "quantum register");
    this.expect(";");
    const count = qubit.index === undefined ? qubit.register.size : 1;
    this.countOperations(at, count);
    for (const [q] of this.broadcast([qubit], at)) this.push({ kind: "reset", qubit: q }, at);
  }

  private barrier() {
    this.next();
    const qubits = new Set<number>();
    const add = (arg: Arg) => {
      if (arg.index !== undefined) qubits.add(arg.register.offset + arg.index);
      else for (let k = 0; k < arg.register.size; k += 1) qubits.add(arg.register.offset + k);
    };
    const at = this.peek();
    add(this.argument(this.qregs, "quantum register"));
    while (this.is(",")) {
      this.next();
      add(this.argument(this.qregs, "quantum register"));
    }
    this.expect(";");
    this.charge(at, qubits.size);
    // A conditional barrier is drawn as an unconditional one. At most one barrier per program
    // step (barriers in a row draw as one), so they are bounded by the operations.
    const last = this.barriers.at(-1);
    if (last && last.at === this.program.length) {
      last.qubits = [...new Set([...last.qubits, ...qubits])].sort((a, b) => a - b);
      return;
    }
    this.barriers.push({ at: this.program.length, qubits: [...qubits].sort((a, b) => a - b) });
  }

  // if (c == 3) stmt;  if (c[0]) stmt;  if (!c[0]) { … } else { … }
  private conditional() {
    const at = this.next();
    this.expect("(");
    let negate = false;
    if (this.is("!")) {
      if (this.version === 2) this.fail(this.peek(), "OpenQASM 2.0 conditions compare a register: if (c == n)");
      this.next();
      negate = true;
    }
    const bits = this.argument(this.cregs, "classical register");
    const clbits = bits.index === undefined ? Array.from({ length: bits.register.size }, (_, k) => bits.register.offset + k) : [bits.register.offset + bits.index];
    let value = 1;
    if (this.is("==") || this.is("!=")) {
      if (this.next().text === "!=") negate = !negate;
      const number = this.peek();
      if (number.kind === "id" && (number.text === "true" || number.text === "false")) value = this.next().text === "true" ? 1 : 0;
      else value = this.integer().value;
      if (!Number.isSafeInteger(value) || (clbits.length < 53 && value >= 2 ** clbits.length)) this.fail(number, `${value} does not fit in ${clbits.length} bit(s)`);
    } else if (this.version === 2 || clbits.length > 1) this.fail(this.peek(), `expected '==' but found '${this.peek().text}'`);
    else if (negate) value = 1;
    this.expect(")");
    if (this.version === 2 && bits.index !== undefined) this.fail(bits.token, "OpenQASM 2.0 conditions compare a whole register: if (c == n)");
    const condition: Condition = { clbits, value, ...(negate ? { negate: true } : {}) };
    this.under(condition, at);
    if (this.version !== 2 && this.is("else")) {
      this.next();
      this.under({ ...condition, negate: !condition.negate }, at);
    }
  }

  private under(condition: Condition, at: Token) {
    if (this.conditions.length >= this.limits.maxGateNesting) this.overLimit(at, "maxGateNesting", "conditions nest deeper than");
    this.conditions.push(condition);
    this.conditionsChanged();
    if (this.is("{") && this.version !== 2) {
      this.next();
      while (!this.is("}")) {
        if (this.peek().kind === "eof") this.fail(this.peek(), "expected '}' but found 'end of input'");
        this.statement();
      }
      this.next();
    } else {
      const token = this.peek();
      if (token.text === "if" && this.version === 2) this.fail(token, "OpenQASM 2.0 does not nest if");
      this.statement();
    }
    this.conditions.pop();
    this.conditionsChanged();
  }

  // One shared list of the conditions in force (instructions keep a reference, not a copy).
  private conditionsChanged() {
    this.when = this.conditions.length > 0 ? this.conditions.map((c) => ({ ...c, clbits: [...c.clbits] })) : undefined;
    this.whenBits = this.conditions.reduce((sum, c) => sum + c.clbits.length, 0);
  }

  private resolve(token: Token): Target {
    const def = this.gates.get(token.text);
    if (def) return def;
    const known = this.library[token.text];
    if (!known) {
      const hint = this.version === 2 && (QELIB1_ORIGINAL[token.text] || QELIB1_EXTENDED[token.text] || token.text === "rccx" || token.text === "rc3x")
        ? ` (add include "qelib1.inc";)`
        : this.version === 3 && STDGATES[token.text] ? ` (add include "stdgates.inc";)` : "";
      this.fail(token, `unknown gate '${token.text}'${hint}`);
    }
    return known!;
  }

  private targetParams = (target: Target) => (target.kind === "user" ? target.params.length : target.params);
  private targetQubits = (target: Target) => (target.kind === "user" ? target.args.length : target.qubits);

  // inv @ pow(2) @ ctrl(2) @ negctrl @ name(params)
  private modifiers(): Modifier[] {
    const modifiers: Modifier[] = [];
    while (["inv", "pow", "ctrl", "negctrl"].includes(this.peek().text) && this.peek().kind === "id" && this.version !== 2) {
      const token = this.next();
      if (token.text === "inv") modifiers.push({ kind: "inv" });
      else if (token.text === "pow") {
        this.expect("(");
        const exponent = this.evaluateCharged(parseExpression(this, this.guard), {}, token);
        this.expect(")");
        if (!Number.isFinite(exponent)) this.fail(token, "the exponent of pow is not a finite number");
        modifiers.push({ kind: "pow", exponent });
      } else {
        let count = 1;
        if (this.is("(")) {
          this.next();
          count = this.integer().value;
          if (count < 1) this.fail(token, `${token.text} needs at least one control`);
          this.expect(")");
        }
        modifiers.push({ kind: token.text as "ctrl" | "negctrl", count });
      }
      this.expect("@");
    }
    return modifiers;
  }

  private controlsOf = (modifiers: Modifier[]) => modifiers.reduce((sum, m) => sum + (m.kind === "ctrl" || m.kind === "negctrl" ? m.count : 0), 0);

  // Operations a call expands to, as counted for a definition's size (before expanding anything).
  private callSize(target: Target, modifiers: Modifier[]) {
    let size = target.kind === "user" ? target.size : 1;
    for (const m of modifiers) {
      if (m.kind === "pow" && Number.isInteger(m.exponent)) size *= Math.abs(m.exponent);
      if (m.kind === "negctrl") size += 2 * m.count;
    }
    return size;
  }

  private checkCall(token: Token, target: Target, modifiers: Modifier[], params: number, qubits: number) {
    const wantParams = this.targetParams(target);
    const wantQubits = this.targetQubits(target) + this.controlsOf(modifiers);
    if (wantParams !== params) this.fail(token, `gate '${token.text}' takes ${wantParams} parameter(s), not ${params}`);
    if (wantQubits !== qubits) this.fail(token, `gate '${token.text}' acts on ${wantQubits} qubit(s), not ${qubits}`);
  }

  private gateDefinition() {
    this.next();
    const name = this.identifier("a gate name");
    if (this.gates.has(name.text) && this.gates.get(name.text)!.nesting > 0) this.fail(name, `gate '${name.text}' is already defined`);
    if (this.fixed.has(name.text)) this.fail(name, `gate '${name.text}' is already defined${CORE3[name.text] ? "" : this.version === 3 ? " by stdgates.inc" : " by qelib1.inc"}`);
    if ([...this.gates.values()].filter((def) => def.nesting > 0).length >= this.limits.maxGateDefinitions) this.overLimit(name, "maxGateDefinitions", "the program defines more gates than");
    const params: string[] = [];
    if (this.is("(")) {
      this.next();
      while (!this.is(")")) {
        const param = this.identifier("a parameter name");
        if (params.includes(param.text)) this.fail(param, `parameter '${param.text}' is named twice`);
        params.push(param.text);
        if (this.is(",")) this.next();
        else break;
      }
      this.expect(")");
    }
    const args: string[] = [];
    for (;;) {
      const arg = this.identifier("a qubit argument");
      if (args.includes(arg.text)) this.fail(arg, `qubit argument '${arg.text}' is named twice`);
      args.push(arg.text);
      if (!this.is(",")) break;
      this.next();
    }
    this.expect("{");
    const body: BodyCall[] = [];
    while (!this.is("}")) {
      if (this.peek().kind === "eof") this.fail(this.peek(), "expected '}' but found 'end of input'");
      if (this.is("barrier")) {
        while (!this.is(";") && this.peek().kind !== "eof") this.next();
        this.expect(";");
        continue;
      }
      const modifiers = this.modifiers();
      const token = this.identifier("a gate");
      if (token.text === name.text) this.fail(token, `gate '${name.text}' cannot call itself`);
      const target = this.resolve(token);
      const callParams = this.parameterList();
      const callArgs: Token[] = [];
      if (!this.is(";")) {
        callArgs.push(this.identifier("a qubit argument"));
        while (this.is(",")) {
          this.next();
          callArgs.push(this.identifier("a qubit argument"));
        }
      }
      this.expect(";");
      for (const arg of callArgs) if (!args.includes(arg.text)) this.fail(arg, `'${arg.text}' is not an argument of gate '${name.text}'`);
      const repeated = callArgs.find((arg, k) => callArgs.findIndex((other) => other.text === arg.text) !== k);
      if (repeated) this.fail(repeated, `gate '${token.text}' uses the qubit '${repeated.text}' twice`);
      this.checkCall(token, target, modifiers, callParams.length, callArgs.length);
      body.push({ target, modifiers, params: callParams, args: callArgs, token });
    }
    this.expect("}");
    for (const call of body) this.checkParams(call.params, params);
    let nesting = 1;
    let size = 0;
    for (const call of body) {
      if (call.target.kind === "user") nesting = Math.max(nesting, call.target.nesting + 1);
      size += this.callSize(call.target, call.modifiers);
    }
    if (nesting > this.limits.maxGateNesting) this.overLimit(name, "maxGateNesting", "gate definitions nest deeper than");
    // Calls that expand to nothing are dropped, so that every call left in a body yields at least
    // one operation and expansion costs at most operations × nesting.
    const kept = body.filter((call) => this.callSize(call.target, call.modifiers) !== 0);
    this.gates.set(name.text, { kind: "user", name: name.text, params, args, body: kept, nesting, size });
  }

  private checkParams(exprs: Expr[], names: string[]) {
    for (const expr of exprs) for (const found of namesIn(expr)) if (!names.includes(found.name)) this.fail(found.token, `unknown parameter '${found.name}'`);
  }

  private parameterList(): Expr[] {
    if (!this.is("(")) return [];
    this.next();
    const params: Expr[] = [];
    while (!this.is(")")) {
      params.push(parseExpression(this, this.guard));
      if (this.is(",")) this.next();
      else break;
    }
    this.expect(")");
    return params;
  }

  private gateCall() {
    const modifiers = this.modifiers();
    const token = this.next();
    if (token.kind !== "id") this.fail(token, `expected a gate but found '${token.text}'`);
    const params = this.parameterList().map((expr) => this.evaluateCharged(expr, {}, this.peek()));
    const args: Arg[] = [];
    if (!this.is(";")) {
      args.push(this.argument(this.qregs, "quantum register"));
      while (this.is(",")) {
        this.next();
        args.push(this.argument(this.qregs, "quantum register"));
      }
    }
    this.expect(";");
    const target = this.resolve(token);
    this.checkCall(token, target, modifiers, params.length, args.length);
    for (const param of params) if (!Number.isFinite(param)) this.fail(token, `a parameter of '${token.text}' is not a finite number`);
    const calls = this.broadcast(args, token);
    // What the calls will expand to is known from the definition: refuse before expanding anything.
    if (this.operations + calls.length * this.callSize(target, modifiers) > this.limits.maxOperations) {
      this.overLimit(token, "maxOperations", "the program expands to more operations than");
    }
    for (const qubits of calls) {
      if (new Set(qubits).size !== qubits.length) this.fail(token, `gate '${token.text}' uses the same qubit twice`);
      for (const op of this.apply(target, modifiers, params, qubits, token)) {
        const final = this.finalGate(op);
        if (final) this.push({ kind: "gate", op: final }, token);
      }
    }
  }

  // gphase: nothing uncontrolled (a global phase); under controls, a phase on the last control.
  private finalGate(op: GateOp): GateOp | undefined {
    if (op.name !== "gphase") return op;
    const k = op.controls ?? 0;
    if (k === 0) return undefined;
    return { name: "p", params: op.params, qubits: op.qubits, ...(k > 1 ? { controls: k - 1 } : {}) };
  }

  // One call with its modifiers, innermost first: the gate itself on the last qubits, then each
  // modifier outward (ctrl takes its controls from the qubits just before the inner ones).
  private apply(target: Target, modifiers: Modifier[], params: number[], qubits: number[], at: Token): GateOp[] {
    let controlsLeft = this.controlsOf(modifiers);
    let ops = this.expand(target, params, qubits.slice(controlsLeft), at);
    for (const m of [...modifiers].reverse()) {
      // Each modifier makes new operations out of the ones it wraps: charged as they are made.
      this.charge(at, ops.length);
      if (m.kind === "inv") ops = ops.reverse().map(invert);
      else if (m.kind === "pow") {
        if (Number.isInteger(m.exponent)) {
          const times = Math.abs(m.exponent);
          if (times === 0) {
            ops = [];
            continue;
          }
          this.countOperations(at, ops.length * (times - 1));
          const once = m.exponent < 0 ? [...ops].reverse().map(invert) : ops;
          ops = Array.from({ length: times }, () => once).flat();
        } else {
          const op = ops.length === 1 ? ops[0] : undefined;
          if (!op || !ROTATIONS.has(op.name)) this.fail(at, `pow(${m.exponent}) needs a whole exponent, except on a single rotation gate`);
          ops = [{ ...op!, params: op!.params.map((value) => value * m.exponent) }];
        }
      } else {
        const controls = qubits.slice(controlsLeft - m.count, controlsLeft);
        controlsLeft -= m.count;
        ops = ops.map((op) => ({ ...op, qubits: [...controls, ...op.qubits], controls: (op.controls ?? 0) + m.count }));
        if (m.kind === "negctrl") {
          this.countOperations(at, 2 * m.count);
          const flips = controls.map((q): GateOp => ({ name: "x", qubits: [q], params: [] }));
          ops = [...flips, ...ops, ...flips];
        }
      }
    }
    return ops;
  }

  // Recursion depth is bounded by the definitions' nesting (checked when each was defined), and
  // every operation produced is counted as it is produced.
  private expand(target: Target, params: number[], qubits: number[], at: Token): GateOp[] {
    if (target.kind === "builtin") {
      this.countOperations(at, 1);
      return [{ name: target.gate, qubits, params, ...(target.controls ? { controls: target.controls } : {}) }];
    }
    if (this.operations + target.size > this.limits.maxOperations) this.overLimit(at, "maxOperations", "the program expands to more operations than");
    const scope = Object.fromEntries(target.params.map((param, k) => [param, params[k]]));
    const map = Object.fromEntries(target.args.map((arg, k) => [arg, qubits[k]]));
    const out: GateOp[] = [];
    for (const call of target.body) {
      const values = call.params.map((expr) => this.evaluateCharged(expr, scope, call.token));
      for (const op of this.apply(call.target, call.modifiers, values, call.args.map((arg) => map[arg.text]), call.token)) out.push(op);
    }
    return out;
  }
}

/**
 * Parses OpenQASM 2.0 or 3; throws QasmError (line, column, message) on the first problem, and
 * QasmLimitError (a QasmError naming the limit) as soon as the program goes past one of `limits`.
 */
export const parseQasm = (source: string, limits: Partial<QasmLimits> = {}): Circuit => {
  const bounded: QasmLimits = { ...DEFAULT_QASM_LIMITS, ...limits };
  const bytes = Buffer.byteLength(source, "utf8");
  if (bytes > bounded.maxSourceBytes) throw new QasmLimitError(1, 1, "maxSourceBytes", bounded.maxSourceBytes, `the program is ${bytes} bytes, more than`);
  return new Parser(tokenize(source), bounded).parse();
};

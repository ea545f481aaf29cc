// OpenQASM 2.0 and 3 → Circuit.
//
// OpenQASM 2.0 as its specification says: only U and CX exist until `include "qelib1.inc";`
// brings in the standard library (Qiskit's edition of it, with rccx, rc3x, c3x, c3sqrtx and c4x);
// a program may define its own gates, also under the names of qelib1's later additions (`cu`,
// `p`, `sx`, …), never under a name the original library or the program already defined. The
// header, when present, must say 2.0 (or 2, as Qiskit accepts). A program without any header is
// read leniently, as a snippet: every gate of both libraries and of the simulator is known, in
// either syntax, and so are the OpenQASM 3 statements below.
//
// OpenQASM 3 for what ordinary circuits use: `OPENQASM 3.0;`, `include "stdgates.inc";`,
// `qubit[n] q;` / `bit[n] c;` (and the old qreg/creg), `c[0] = measure q[0];`, `c = measure q;`,
// `reset`, `if (c == 1)` / `if (c[0])` / `if (!c[0])` with an optional `else` (terms joined with
// `&&` all hold, without else; `||` is refused), gate definitions,
// the modifiers `ctrl @`, `negctrl @`, `inv @` and `pow(k) @`, `U` and `gphase`. Also:
// - physical qubits `$0`, `$1`, … (as Qiskit writes a laid-out circuit): the program then has the
//   qubits 0 … the highest index it names, and may not also declare qubit registers (refused);
// - constants `const int[32] n = 3;` / `const float[64] x = pi/2;` (int, uint, float, angle) and
//   inputs `input float[64] theta;`, whose values come from the `parameters` option (an input
//   without a value, or a value for a name that is no input, is refused); both are usable in gate
//   parameters and, when whole numbers, in indices `q[n]` (negative ones count from the end) and
//   loop bounds; gate definitions may use the constants declared before them;
// - `for uint i in [0:3] { … }`, `[start:step:end]` (ends included), `for i in {1, 5, 2} …`,
//   unrolled while reading (every iteration is charged to the budget, so a huge loop stops at a
//   limit); `if` on a comparison of constants (`if (i == 0)`, `<`, `<=`, `>`, `>=`, `!=`) is
//   decided while reading;
// - `switch (c) { case 0, 3 { … } case 1 { … } default { … } }` on a classical register or bit, also
//   as Qiskit writes it (`int switch_dummy;` … `switch_dummy = c; switch (switch_dummy) { … }`, the
//   only use of an int variable accepted): each case is its block under `c == value` (read once per
//   value), default under `c != ` every value; a case may not measure into the bits switched on.
//   A switch on a constant is decided while reading;
// - register slices and sets `q[0:2]`, `q[0:2:6]`, `q[{0, 3}]` (they broadcast as registers do),
//   and aliases `let a = q[0:2];`, `let b = q[1] ++ r;` (of qubits or of bits, each named once);
// - timing as identity, as simulators treat it: `delay[100ns] q[0];` (units ns, us, µs, ms, s,
//   dt), `box { … }` / `box[100ns] { … }` (its statements run as written), `duration d = …;`,
//   `stretch s;`; durations are not checked beyond their brackets.
// Refused as "not supported by this simulator: …" (with the place): pulse-level calibration
// (`defcal`, `cal`, `defcalgrammar`, `port`, `frame`, `waveform`), `extern`, `def` and `return`,
// `while`, `break`, `continue`, `output`, and classical variables (int, float, bool, …
// declared without const).
//
// Both: registers broadcast as the specifications say (`h q;`, `cx a, b;` over equal sizes,
// `measure q -> c;`), `barrier`, comments. Mid-circuit measurement, `reset`, `if` and `switch` on
// bits make the circuit dynamic (see Circuit.program). Every error names its line and column, and every limit
// of `QasmLimits` is checked while reading, before the thing it bounds is allocated or expanded.
import type { Barrier, Circuit, Condition, Instruction, Measurement } from "../../simulator/passes/circuit";
import { GATES, type GateOp } from "../../simulator/passes/gates";
import { evaluate, namesIn, parseExpression, type Cursor, type DepthGuard, type Expr } from "./expression";
import { QasmError, tokenize, type Token } from "./lexer";
import { DEFAULT_QASM_LIMITS, QasmLimitError, type QasmLimits } from "./limits";

/** A declared register (bits offset … offset + size − 1), or an alias or slice (its `bits`, in order). */
type Register = { name: string; size: number; offset: number; bits?: number[] };
const bitOf = (register: Register, k: number) => (register.bits ? register.bits[k] : register.offset + k);
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
  /** The program's constants its body uses, with their values when it was defined. */
  constants: Record<string, number>;
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

/** Raised for an input without a value, or a value for no input: the `parameters` are at fault. */
export class QasmInputError extends QasmError {
  constructor(
    line: number,
    column: number,
    readonly parameter: string,
    message: string,
  ) {
    super(line, column, message);
    this.name = "QasmInputError";
  }
}

export type QasmOptions = {
  /** Values of the program's `input` declarations, by name. */
  parameters?: Record<string, number>;
};

// Statements refused with "not supported by this simulator: …" (the keyword, or what it is).
const UNSUPPORTED: Record<string, string> = {
  defcal: "defcal (pulse-level calibrations)", cal: "cal (pulse-level calibrations)", defcalgrammar: "defcalgrammar (pulse-level calibrations)",
  extern: "extern", port: "port", frame: "frame", waveform: "waveform", def: "def (subroutines)", return: "return",
  while: "while", break: "break", continue: "continue", output: "output",
  end: "end", pragma: "pragma",
};
// Classical types: only constants and inputs of these (and durations, which are read and ignored).
const NUMERIC_TYPES = new Set(["int", "uint", "float", "angle"]);
const CLASSICAL_TYPES = new Set([...NUMERIC_TYPES, "bool", "complex", "array", "duration", "stretch"]);
// Statements of OpenQASM 3 that a program headed 2.0 cannot use.
const OPENQASM3_ONLY = new Set(["const", "input", "let", "for", "switch", "delay", "box", "duration", "stretch", ...CLASSICAL_TYPES]);

type ClassicalType = { name: string; token: Token };

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
  /** Constants, inputs and loop variables in scope, with their values (no prototype: any name is safe). */
  private constants: Record<string, number> = Object.create(null) as Record<string, number>;
  /** Names of durations and stretches (read and ignored). */
  private durations = new Set<string>();
  private inputs = new Set<string>();
  /** The program names physical qubits ($n) instead of declaring registers. */
  private physical = false;
  /** The bits each switch being read compares (its cases may not measure into them). */
  private switched: Set<number>[] = [];
  /** Integer variables declared only to be switched on (Qiskit's switch_dummy), and the bits the next switch reads. */
  private switchVariables = new Set<string>();
  private switchTarget: { name: string; bits: number[] } | undefined;
  /** Choices made while reading (constant ifs and switches, loops, pow exponents): while none is
   * made in a loop's first iteration, every iteration costs the same. */
  private decisions = 0;
  /** Levels of conditions in force (an if, a switch case: each one level, whatever it compares). */
  private conditionDepth = 0;
  /** The first qubit register declared (physical qubits cannot be used with it). */
  private declaredQubits: string | undefined;
  /** Loops and boxes the reader is inside (declarations are refused there). */
  private blocks = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly limits: QasmLimits,
    private readonly parameters: Record<string, number> = {},
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
    // A value sent for a name the program does not declare as an input is a mistake, not noise.
    for (const name of Object.keys(this.parameters)) {
      if (!this.inputs.has(name)) {
        const declared = this.inputs.size > 0 ? `its inputs are ${[...this.inputs].map((input) => `'${input}'`).join(", ")}` : "it declares no input";
        throw new QasmInputError(1, 1, name, `parameter '${name}' is not an input of the program (${declared})`);
      }
    }
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
    if (version.text === "2.0" || version.text === "2") {
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
    const top = this.conditions.length === 0 && this.blocks === 0;
    // Why a declaration cannot be here: under a condition, or inside a loop or box.
    const nested = (what: string) => this.fail(token, this.conditions.length > 0 ? `${what} cannot be conditional` : `${what} cannot be inside a loop or box`);
    if (this.version === 2 && !this.gates.has(token.text) && OPENQASM3_ONLY.has(token.text)) this.fail(token, `'${token.text}' is OpenQASM 3; this program's header says OpenQASM 2.0`);
    if (Object.hasOwn(UNSUPPORTED, token.text) && !this.gates.has(token.text)) this.fail(token, `not supported by this simulator: ${UNSUPPORTED[token.text]}`);
    if (this.version !== 2 && CLASSICAL_TYPES.has(token.text)) {
      if (token.text === "duration" || token.text === "stretch") return top ? this.durationDeclaration() : nested("a declaration");
      if ((token.text === "int" || token.text === "uint") && top) return this.switchVariable();
      this.fail(token, `not supported by this simulator: ${token.text} variables (declare a constant with const, or an input with input)`);
    }
    switch (token.text) {
      case "include": return top ? this.include() : nested("'include'");
      case "qreg": case "creg": return top ? this.register(token.text) : nested("a declaration");
      case "qubit": case "bit":
        if (this.version === 2) break;
        return top ? this.declaration(token.text) : nested("a declaration");
      case "gate": return top ? this.gateDefinition() : nested("a gate definition");
      case "const": return top ? this.constDeclaration() : nested("a declaration");
      case "input": return top ? this.inputDeclaration() : nested("a declaration");
      case "let": return top ? this.letDeclaration() : nested("a declaration");
      case "for": return this.forLoop();
      case "switch": return this.switchStatement();
      case "delay": return this.gates.has("delay") ? this.gateCall() : this.delay();
      case "box": return this.box();
      case "measure": return this.measure();
      case "reset": return this.reset();
      case "barrier": return this.barrier();
      case "if": return this.conditional();
      case "OPENQASM": return this.fail(token, "the OPENQASM header must come first");
      case "opaque": return this.fail(token, "'opaque' gates have no definition and cannot be simulated");
    }
    if (this.cregs.has(token.text) && (this.peekAt(1).text === "=" || this.peekAt(1).text === "[") && this.version !== 2) return this.assignment();
    if (this.switchVariables.has(token.text)) return this.switchAssignment();
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
    if (this.isClassicalName(name.text)) this.fail(name, `'${name.text}' is already declared`);
    if (kind === "q" && this.physical) this.fail(name, "a program that names physical qubits ($0, $1, …) cannot also declare qubit registers");
    if (size.value < 1) this.fail(size.token, "a register needs at least one bit");
    if (kind === "q" && this.qubits + size.value > this.limits.maxQubits) {
      throw new QasmLimitError(size.token.line, size.token.column, "maxQubits", this.limits.maxQubits, "the program declares more qubits than", this.qubits + size.value);
    }
    if (kind === "c" && this.clbits + size.value > this.limits.maxClbits) this.overLimit(size.token, "maxClbits", "the program declares more classical bits than");
    if (kind === "q") {
      this.declaredQubits ??= name.text;
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
    if (this.peek().kind === "physical" && registers === this.qregs) return this.physicalQubit();
    const token = this.identifier(what);
    const register = registers.get(token.text);
    if (!register) {
      if (this.isClassicalName(token.text)) this.fail(token, `'${token.text}' is a classical value, not a ${what}`);
      this.fail(token, `unknown ${what} '${token.text}'`);
    }
    if (!this.is("[")) return { register: register!, token };
    const open = this.next();
    if (this.version !== 2 && this.is("{")) {
      // q[{0, 2, 1}]: the bits named, in that order.
      this.next();
      const indices: number[] = [];
      while (!this.is("}")) {
        if (indices.length >= register!.size) this.fail(this.peek(), `a set of indices names more bits than ${token.text} has (${register!.size})`);
        indices.push(this.index(register!));
        if (this.is(",")) this.next();
        else break;
      }
      this.expect("}");
      this.expect("]");
      return this.selection(register!, indices, token, open);
    }
    const index = this.index(register!);
    if (this.is(":") && this.version !== 2) {
      // q[a:b], q[a:step:b]: both ends included, as OpenQASM 3 ranges are.
      this.next();
      let step = 1;
      let end: number;
      const secondAt = this.peek();
      const second = this.wholeNumber();
      if (this.is(":")) {
        this.next();
        step = second;
        if (step === 0) this.fail(secondAt, "a range's step cannot be 0");
        end = this.index(register!);
      } else end = this.inRange(second, register!, secondAt);
      this.expect("]");
      const count = step > 0 ? (end >= index ? Math.floor((end - index) / step) + 1 : 0) : index >= end ? Math.floor((index - end) / -step) + 1 : 0;
      if (count === 0) this.fail(open, `the slice ${token.text}[${index}:${step === 1 ? "" : `${step}:`}${end}] is empty`);
      return this.selection(register!, Array.from({ length: count }, (_, k) => index + k * step), token, open);
    }
    this.expect("]");
    return { register: register!, index, token };
  }

  // A slice or set of a register's bits, as a register of its own (at most the register's size).
  private selection(register: Register, indices: number[], token: Token, at: Token): Arg {
    this.charge(at, indices.length);
    const bits = indices.map((k) => bitOf(register, k));
    return { register: { name: token.text, size: bits.length, offset: 0, bits }, token };
  }

  // q[3]; in OpenQASM 3 also q[n], q[i + 1] over constants and loop variables, and q[-1] (the last).
  private index(register: Register): number {
    const at = this.peek();
    const plain = at.kind === "number" && [",", "]", ":", "}"].includes(this.peekAt(1).text);
    if (plain || this.version === 2) {
      const index = this.integer();
      if (index.value >= register.size) this.fail(index.token, `index ${index.value} is outside ${register.name}[0…${register.size - 1}]`);
      return index.value;
    }
    const value = this.evaluateCharged(parseExpression(this, this.guard), this.constants, at);
    if (!Number.isSafeInteger(value)) this.fail(at, `an index must be a whole number, not ${value}`);
    return this.inRange(value, register, at);
  }

  private inRange(value: number, register: Register, at: Token) {
    const index = value < 0 ? value + register.size : value;
    if (index < 0 || index >= register.size) this.fail(at, `index ${value} is outside ${register.name}[0…${register.size - 1}]`);
    return index;
  }

  // let a = q[0:2];  let b = q[1] ++ r;  (an alias: a register made of other registers' bits)
  private letDeclaration() {
    const at = this.next();
    const name = this.identifier("an alias name");
    this.declareName(name);
    this.expect("=");
    const first = this.peek();
    const quantum = first.kind === "physical" || this.qregs.has(first.text);
    const registers = quantum ? this.qregs : this.cregs;
    const what = quantum ? "quantum register" : "classical register";
    const parts = [this.argument(registers, what)];
    while (this.is("++")) {
      this.next();
      parts.push(this.argument(registers, what));
    }
    this.expect(";");
    const size = parts.reduce((sum, arg) => sum + (arg.index === undefined ? arg.register.size : 1), 0);
    this.charge(at, size);
    const bits = parts.flatMap((arg) => (arg.index === undefined ? Array.from({ length: arg.register.size }, (_, k) => bitOf(arg.register, k)) : [bitOf(arg.register, arg.index)]));
    if (new Set(bits).size !== bits.length) this.fail(at, `'${name.text}' would name the same ${quantum ? "qubit" : "bit"} twice`);
    registers.set(name.text, { name: name.text, size: bits.length, offset: 0, bits });
  }

  // $n: physical qubit n, in a program without qubit registers (it then has qubits 0 … the highest n).
  private physicalQubit(): Arg {
    const token = this.next();
    if (this.version === 2) this.fail(token, "physical qubits ($0, $1, …) are OpenQASM 3; this program's header says OpenQASM 2.0");
    if (this.declaredQubits) this.fail(token, `physical qubits ($0, $1, …) cannot be mixed with declared qubit registers ('${this.declaredQubits}')`);
    const n = Number(token.text.slice(1));
    if (!Number.isSafeInteger(n) || n >= this.limits.maxQubits) {
      throw new QasmLimitError(token.line, token.column, "maxQubits", this.limits.maxQubits, "the program declares more qubits than", Number.isSafeInteger(n) ? n + 1 : undefined);
    }
    this.physical = true;
    this.qubits = Math.max(this.qubits, n + 1);
    return { register: { name: token.text, size: 1, offset: n }, index: 0, token };
  }

  private isClassicalName = (name: string) => Object.hasOwn(this.constants, name) || this.durations.has(name) || this.switchVariables.has(name);

  // A new classical name: not a register, constant, input or duration already.
  private declareName(name: Token) {
    if (name.text === "pi") this.fail(name, "'pi' is a built-in constant");
    if (this.qregs.has(name.text) || this.cregs.has(name.text) || this.isClassicalName(name.text)) this.fail(name, `'${name.text}' is already declared`);
  }

  // int[32], uint, float[64], angle[32], …: the name and an optional width.
  private classicalType(): ClassicalType {
    const token = this.identifier("a type");
    if (!CLASSICAL_TYPES.has(token.text)) this.fail(token, `expected a type (int, uint, float, angle) but found '${token.text}'`);
    if (this.is("[")) {
      this.next();
      const width = this.integer();
      if (width.value < 1) this.fail(width.token, "a type's width must be at least 1");
      this.expect("]");
    }
    return { name: token.text, token };
  }

  private bind(name: Token, type: ClassicalType, value: number, at: Token) {
    if (!Number.isFinite(value)) this.fail(at, `the value of '${name.text}' is not a finite number`);
    if ((type.name === "int" || type.name === "uint") && !Number.isSafeInteger(value)) this.fail(at, `'${name.text}' is ${type.name} but its value is ${value}, not a whole number`);
    if (type.name === "uint" && value < 0) this.fail(at, `'${name.text}' is uint but its value is ${value}, below 0`);
    this.constants[name.text] = value;
  }

  // const float[64] x = pi/2;  const int[32] n = 3;
  private constDeclaration() {
    this.next();
    const type = this.classicalType();
    if (type.name === "duration" || type.name === "stretch") return this.durationDeclaration(true);
    if (!NUMERIC_TYPES.has(type.name)) this.fail(type.token, `not supported by this simulator: const ${type.name}`);
    const name = this.identifier("a constant name");
    this.declareName(name);
    this.expect("=");
    const at = this.peek();
    const value = this.evaluateCharged(parseExpression(this, this.guard), this.constants, at);
    this.expect(";");
    this.bind(name, type, value, at);
  }

  // input float[64] theta;  (its value is the parameter of that name)
  private inputDeclaration() {
    this.next();
    const type = this.classicalType();
    if (!NUMERIC_TYPES.has(type.name)) this.fail(type.token, `not supported by this simulator: input ${type.name}`);
    const name = this.identifier("an input name");
    this.declareName(name);
    this.expect(";");
    const value = Object.hasOwn(this.parameters, name.text) ? this.parameters[name.text] : undefined;
    if (value === undefined) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' has no value: send it in parameters`);
    if (typeof value !== "number" || !Number.isFinite(value)) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' must be a finite number`);
    if ((type.name === "int" || type.name === "uint") && !Number.isSafeInteger(value)) {
      throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is ${type.name}: send a whole number, not ${value}`);
    }
    if (type.name === "uint" && value < 0) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is uint: send a number of at least 0, not ${value}`);
    this.inputs.add(name.text);
    this.constants[name.text] = value;
  }

  // duration d = 100ns;  stretch s;  (read and ignored: timing does nothing in a simulation)
  private durationDeclaration(typed = false) {
    if (!typed) this.classicalType();
    const name = this.identifier("a name");
    this.declareName(name);
    if (this.is("=")) {
      this.next();
      this.skipUntil(";");
    }
    this.expect(";");
    this.durations.add(name.text);
  }

  // Tokens up to `end` at bracket depth 0 (not taking it): what is skipped is read once, uncharged.
  private skipUntil(end: string) {
    let depth = 0;
    for (;;) {
      const token = this.peek();
      if (token.kind === "eof") this.fail(token, `expected '${end}' but found 'end of input'`);
      if (token.kind === "symbol") {
        if (depth === 0 && token.text === end) return;
        if (token.text === ";" && depth === 0) this.fail(token, `expected '${end}' but found ';'`);
        if (token.text === "(" || token.text === "[" || token.text === "{") depth += 1;
        else if (token.text === ")" || token.text === "]" || token.text === "}") {
          if (depth === 0) this.fail(token, `expected '${end}' but found '${token.text}'`);
          depth -= 1;
        }
      }
      this.next();
    }
  }

  // [100ns], [d], [2 * durationof({ … })]: a duration, skipped.
  private designator() {
    this.expect("[");
    this.skipUntil("]");
    this.expect("]");
  }

  // delay[100ns] q[0];  delay[dt] q;  (identity; the qubits must exist)
  private delay() {
    const at = this.next();
    this.designator();
    let named = 0;
    if (!this.is(";")) {
      this.argument(this.qregs, "quantum register");
      named += 1;
      while (this.is(",")) {
        this.next();
        this.argument(this.qregs, "quantum register");
        named += 1;
      }
    }
    this.expect(";");
    this.charge(at, named + 1);
  }

  // box { … }  box[100ns] { … }: the statements inside run as written.
  private box() {
    const at = this.next();
    if (this.is("[")) this.designator();
    if (!this.is("{")) this.fail(this.peek(), `expected '{' but found '${this.peek().text}'`);
    this.block(at);
  }

  // { statements } inside a loop or box.
  private block(at: Token) {
    this.expect("{");
    this.enterBlock(at);
    while (!this.is("}")) {
      if (this.peek().kind === "eof") this.fail(this.peek(), "expected '}' but found 'end of input'");
      this.statement();
    }
    this.next();
    this.blocks -= 1;
  }

  private enterBlock(at: Token) {
    if (this.blocks + this.conditionDepth >= this.limits.maxGateNesting) this.overLimit(at, "maxGateNesting", "loops, boxes and conditions nest deeper than");
    this.blocks += 1;
  }

  // A whole number from an expression over constants (loop bounds).
  private wholeNumber(): number {
    const at = this.peek();
    const value = this.evaluateCharged(parseExpression(this, this.guard), this.constants, at);
    if (!Number.isSafeInteger(value)) this.fail(at, `expected a whole number but found ${value}`);
    return value;
  }

  // for uint i in [0:3] { … }  for int i in [0:2:8] stmt;  for i in {1, 5, 2} { … }
  // Unrolled while reading: the body is read again for each value, every reading charged.
  private forLoop() {
    const at = this.next();
    if (this.peekAt(1).text !== "in") {
      const type = this.classicalType();
      if (type.name !== "int" && type.name !== "uint") this.fail(type.token, `not supported by this simulator: for loops over ${type.name} (loop over int or uint)`);
    }
    const name = this.identifier("a loop variable");
    if (this.qregs.has(name.text) || this.cregs.has(name.text) || this.durations.has(name.text)) this.fail(name, `'${name.text}' is already declared`);
    this.expect("in");
    let count: number;
    let valueAt: (k: number) => number;
    if (this.is("[")) {
      this.next();
      const start = this.wholeNumber();
      this.expect(":");
      let step = 1;
      const secondAt = this.peek();
      let end = this.wholeNumber();
      if (this.is(":")) {
        this.next();
        const stepAt = secondAt;
        step = end;
        end = this.wholeNumber();
        if (step === 0) this.fail(stepAt, "a range's step cannot be 0");
      }
      this.expect("]");
      // Both ends included, as OpenQASM 3 ranges are.
      count = step > 0 ? (end >= start ? Math.floor((end - start) / step) + 1 : 0) : start >= end ? Math.floor((start - end) / -step) + 1 : 0;
      valueAt = (k) => start + k * step;
    } else if (this.is("{")) {
      this.next();
      const values: number[] = [];
      while (!this.is("}")) {
        values.push(this.wholeNumber());
        if (this.is(",")) this.next();
        else break;
      }
      this.expect("}");
      count = values.length;
      valueAt = (k) => values[k];
    } else {
      const found = this.peek();
      if (found.kind === "id" && (this.qregs.has(found.text) || this.cregs.has(found.text))) this.fail(found, "not supported by this simulator: loops over a register");
      this.fail(found, `expected a range [a:b] or a set {a, b} but found '${found.text}'`);
    }
    const bodyStart = this.position;
    if (count! === 0) return this.skipStatement();
    const had = Object.hasOwn(this.constants, name.text);
    const before = this.constants[name.text];
    this.decisions += 1;
    const operationsBefore = this.operations;
    const stepsBefore = this.steps;
    const decisionsBefore = this.decisions;
    for (let k = 0; k < count!; k += 1) {
      this.position = bodyStart;
      this.constants[name.text] = valueAt!(k);
      if (this.is("{")) this.block(at);
      else {
        this.enterBlock(at);
        this.statement();
        this.blocks -= 1;
      }
      // Reading the body again costs its tokens (at least one step per iteration).
      this.charge(at, this.position - bodyStart);
      if (k === 0 && count! > 1 && this.decisions === decisionsBefore) {
        // The other iterations cost what the first did: refuse now rather than after reading them.
        const left = count! - 1;
        if (this.operations + left * (this.operations - operationsBefore) > this.limits.maxOperations) {
          this.overLimit(at, "maxOperations", "the program expands to more operations than");
        }
        if (this.steps + left * (this.steps - stepsBefore) > this.limits.maxExpansionSteps) this.overLimit(at, "maxExpansionSteps", "reading the program takes more steps than");
      }
    }
    if (had) this.constants[name.text] = before;
    else delete this.constants[name.text];
  }

  // if (i == 0) …: a comparison of constants, decided now; the branch not taken is skipped unread.
  private constantConditional(at: Token) {
    const leftAt = this.peek();
    const left = this.evaluateCharged(parseExpression(this, this.guard), this.constants, leftAt);
    const op = this.next();
    const compare: Record<string, (a: number, b: number) => boolean> = {
      "==": (a, b) => a === b, "!=": (a, b) => a !== b, "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b,
    };
    if (op.kind !== "symbol" || !Object.hasOwn(compare, op.text)) this.fail(op, `expected a comparison (==, !=, <, <=, >, >=) but found '${op.text}'`);
    const right = this.evaluateCharged(parseExpression(this, this.guard), this.constants, this.peek());
    this.expect(")");
    const holds = compare[op.text](left, right);
    this.decisions += 1;
    if (holds) this.branch(at);
    else this.skipStatement(false);
    if (!this.is("else")) return;
    this.next();
    if (holds) this.skipStatement();
    else this.branch(at);
  }

  private branch(at: Token) {
    if (this.is("{")) return this.block(at);
    this.enterBlock(at);
    this.statement();
    this.blocks -= 1;
  }

  // Skips one statement (a block, or up to its ';'), with any else branch unless told not to:
  // a loop that runs 0 times, an if whose comparison does not hold.
  private skipStatement(withElse = true) {
    let depth = 0;
    for (;;) {
      const token = this.next();
      if (token.kind === "eof") this.fail(token, `expected '${depth > 0 ? "}" : ";"}' but found 'end of input'`);
      if (token.kind !== "symbol") continue;
      if (token.text === "{") depth += 1;
      else if (token.text === "}") depth -= 1;
      if ((token.text === "}" || token.text === ";") && depth === 0 && (!withElse || !this.is("else"))) return;
      if (depth < 0) this.fail(token, "expected a statement but found '}'");
    }
  }

  // Arguments of equal-size registers (or single bits) broadcast into one call per index.
  private broadcast(args: Arg[], at: Token): number[][] {
    const sizes = new Set(args.filter((arg) => arg.index === undefined).map((arg) => arg.register.size));
    if (sizes.size > 1) this.fail(at, "registers of different sizes cannot be broadcast together");
    const count = sizes.size === 0 ? 1 : [...sizes][0];
    this.charge(at, count * Math.max(1, args.length));
    return Array.from({ length: count }, (_, k) => args.map((arg) => bitOf(arg.register, arg.index ?? k)));
  }

  private push(step: Instruction, at: Token) {
    // A case that changed the bits its switch reads would let a later case run too.
    if (step.kind === "measure" && this.switched.some((bits) => bits.has(step.clbit))) {
      this.fail(at, "not supported by this simulator: measuring, inside a switch case, into the bits the switch reads");
    }
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
      if (arg.index !== undefined) qubits.add(bitOf(arg.register, arg.index));
      else for (let k = 0; k < arg.register.size; k += 1) qubits.add(bitOf(arg.register, k));
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
    const first = this.peek();
    if (this.version !== 2 && !this.is("!") && !(first.kind === "id" && this.cregs.has(first.text))) return this.constantConditional(at);
    // if (c[0] && c[1] == 0): every term must hold (no else: its negation is no conjunction).
    const terms = [this.conditionTerm()];
    while (this.version !== 2 && this.is("&&")) {
      this.next();
      terms.push(this.conditionTerm());
    }
    if (this.is("||") && this.version !== 2) this.fail(this.peek(), "not supported by this simulator: || in a condition on bits (write one if per case)");
    this.expect(")");
    if (terms.length > 1) {
      this.under(terms, at);
      if (this.is("else")) this.fail(this.peek(), "not supported by this simulator: else after a condition joined with && (write the cases as ifs)");
      return;
    }
    const condition = terms[0];
    this.under([condition], at);
    if (this.version !== 2 && this.is("else")) {
      this.next();
      this.under([{ ...condition, negate: !condition.negate }], at);
    }
  }

  // c == 3, c != 1, c[0], !c[0], c[0] == true: one condition on bits.
  private conditionTerm(): Condition {
    let negate = false;
    if (this.is("!")) {
      if (this.version === 2) this.fail(this.peek(), "OpenQASM 2.0 conditions compare a register: if (c == n)");
      this.next();
      negate = true;
    }
    const bits = this.argument(this.cregs, "classical register");
    const clbits = bits.index === undefined ? Array.from({ length: bits.register.size }, (_, k) => bitOf(bits.register, k)) : [bitOf(bits.register, bits.index)];
    let value = 1;
    if (this.is("==") || this.is("!=")) {
      if (this.next().text === "!=") negate = !negate;
      const number = this.peek();
      if (number.kind === "id" && (number.text === "true" || number.text === "false")) value = this.next().text === "true" ? 1 : 0;
      else value = this.integer().value;
      if (!Number.isSafeInteger(value) || (clbits.length < 53 && value >= 2 ** clbits.length)) this.fail(number, `${value} does not fit in ${clbits.length} bit(s)`);
    } else if (this.version === 2 || clbits.length > 1) this.fail(this.peek(), `expected '==' but found '${this.peek().text}'`);
    else if (negate) value = 1;
    if (this.version === 2 && bits.index !== undefined) {
      this.expect(")");
      this.fail(bits.token, "OpenQASM 2.0 conditions compare a whole register: if (c == n)");
    }
    return { clbits, value, ...(negate ? { negate: true } : {}) };
  }

  // switch (c) { case 0 { … } case 1, 2 { … } default { … } } on a classical register or bits (each
  // case's block read once per value, under the condition c == value; default under c != every
  // value), or on a whole number of constants (decided while reading).
  private switchStatement() {
    const at = this.next();
    this.expect("(");
    const target = this.peek();
    let bits: number[] | undefined;
    let constant: number | undefined;
    if (target.kind === "id" && this.switchTarget?.name === target.text) {
      this.next();
      bits = this.switchTarget.bits;
      this.switchTarget = undefined;
    } else if (target.kind === "id" && this.cregs.has(target.text)) {
      const arg = this.argument(this.cregs, "classical register");
      bits = arg.index === undefined ? Array.from({ length: arg.register.size }, (_, k) => bitOf(arg.register, k)) : [bitOf(arg.register, arg.index)];
    } else constant = this.wholeNumber();
    this.expect(")");
    this.expect("{");
    const seen = new Set<number>();
    let matched = false;
    let sawDefault = false;
    if (bits) this.switched.push(new Set(bits));
    while (!this.is("}")) {
      const label = this.next();
      if (sawDefault) this.fail(label, `expected '}' after the default case but found '${label.text}'`);
      const values: number[] = [];
      if (label.text === "case" && label.kind === "id") {
        for (;;) {
          const valueAt = this.peek();
          const value = this.wholeNumber();
          if (bits && (value < 0 || (bits.length < 53 && value >= 2 ** bits.length))) this.fail(valueAt, `${value} does not fit in ${bits.length} bit(s)`);
          if (seen.has(value)) this.fail(valueAt, `case ${value} is already handled`);
          seen.add(value);
          values.push(value);
          if (!this.is(",")) break;
          this.next();
        }
      } else if (label.text === "default" && label.kind === "id") sawDefault = true;
      else this.fail(label, `expected 'case', 'default' or '}' but found '${label.text}'`);
      if (!this.is("{")) this.fail(this.peek(), `expected '{' but found '${this.peek().text}'`);
      if (!bits) {
        this.decisions += 1;
        const runs: boolean = sawDefault ? !matched : values.includes(constant!);
        matched ||= runs;
        if (runs) this.block(at);
        else this.skipStatement(false);
        continue;
      }
      if (sawDefault) {
        const conditions = [...seen].map((value): Condition => ({ clbits: bits!, value, negate: true }));
        this.charge(at, conditions.length * bits.length);
        this.withConditions(conditions, () => this.block(at));
        continue;
      }
      const bodyStart = this.position;
      for (const value of values) {
        this.position = bodyStart;
        this.withConditions([{ clbits: bits, value }], () => this.block(at));
        this.charge(at, this.position - bodyStart);
      }
    }
    this.next();
    if (bits) this.switched.pop();
  }

  // Conditions pushed together count as one level of nesting.
  // int switch_dummy;  (Qiskit's: declared without a value, then assigned just before its switch)
  private switchVariable() {
    const type = this.classicalType();
    const name = this.identifier("a variable name");
    if (!this.is(";")) this.fail(type.token, `not supported by this simulator: ${type.name} variables (declare a constant with const, or an input with input)`);
    this.next();
    this.declareName(name);
    this.switchVariables.add(name.text);
  }

  // switch_dummy = c;  switch (switch_dummy) { … }  (the switch then reads c)
  private switchAssignment() {
    const name = this.next();
    const unsupported = () => this.fail(name, `not supported by this simulator: int variables (only assigned a classical register right before 'switch (${name.text})', as Qiskit writes switch_dummy)`);
    if (!this.is("=") || !this.cregs.has(this.peekAt(1).text)) unsupported();
    this.next();
    const arg = this.argument(this.cregs, "classical register");
    this.expect(";");
    if (this.peek().text !== "switch" || this.peekAt(1).text !== "(" || this.peekAt(2).text !== name.text || this.peekAt(3).text !== ")") unsupported();
    const bits = arg.index === undefined ? Array.from({ length: arg.register.size }, (_, k) => bitOf(arg.register, k)) : [bitOf(arg.register, arg.index)];
    this.switchTarget = { name: name.text, bits };
  }

  private withConditions(conditions: Condition[], read: () => void) {
    const before = this.conditions.length;
    this.conditionDepth += 1;
    this.conditions.push(...conditions);
    this.conditionsChanged();
    read();
    this.conditions.length = before;
    this.conditionDepth -= 1;
    this.conditionsChanged();
  }

  private under(conditions: Condition[], at: Token) {
    if (this.conditionDepth >= this.limits.maxGateNesting) this.overLimit(at, "maxGateNesting", "conditions nest deeper than");
    this.conditionDepth += 1;
    const before = this.conditions.length;
    this.conditions.push(...conditions);
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
    this.conditions.length = before;
    this.conditionDepth -= 1;
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
    const known = Object.hasOwn(this.library, token.text) ? this.library[token.text] : undefined;
    if (!known) {
      const hint = this.version === 2 && (Object.hasOwn(QELIB1_ORIGINAL, token.text) || Object.hasOwn(QELIB1_EXTENDED, token.text) || token.text === "rccx" || token.text === "rc3x")
        ? ` (add include "qelib1.inc";)`
        : this.version === 3 && Object.hasOwn(STDGATES, token.text) ? ` (add include "stdgates.inc";)` : "";
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
        // The exponent may use constants (a loop variable: the cost then varies between iterations).
        this.decisions += 1;
        const exponent = this.evaluateCharged(parseExpression(this, this.guard), this.constants, token);
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
    // Names that are not parameters are the program's constants, taken with their values now.
    const constants: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const call of body) {
      for (const expr of call.params) {
        for (const found of namesIn(expr)) {
          if (params.includes(found.name)) continue;
          if (!Object.hasOwn(this.constants, found.name)) this.fail(found.token, `unknown parameter '${found.name}'`);
          constants[found.name] = this.constants[found.name];
        }
      }
    }
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
    this.gates.set(name.text, { kind: "user", name: name.text, params, args, body: kept, nesting, size, constants });
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
    const params = this.parameterList().map((expr) => this.evaluateCharged(expr, this.constants, this.peek()));
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
    const scope: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, target.constants);
    target.params.forEach((param, k) => (scope[param] = params[k]));
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
 * Parses OpenQASM 2.0 or 3; throws QasmError (line, column, message) on the first problem,
 * QasmLimitError (a QasmError naming the limit) as soon as the program goes past one of `limits`,
 * and QasmInputError (a QasmError naming the parameter) when `options.parameters` does not match
 * the program's inputs.
 */
export const parseQasm = (source: string, limits: Partial<QasmLimits> = {}, options: QasmOptions = {}): Circuit => {
  const bounded: QasmLimits = { ...DEFAULT_QASM_LIMITS, ...limits };
  const bytes = Buffer.byteLength(source, "utf8");
  if (bytes > bounded.maxSourceBytes) throw new QasmLimitError(1, 1, "maxSourceBytes", bounded.maxSourceBytes, `the program is ${bytes} bytes, more than`);
  return new Parser(tokenize(source), bounded, options.parameters ?? {}).parse();
};

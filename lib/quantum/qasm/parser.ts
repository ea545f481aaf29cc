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
// the modifiers `ctrl @`, `negctrl @`, `inv @` and `pow(k) @`, `U` and `gphase`. Without the
// include, stdgates' names are still known (Qiskit writes a device's basis gates so). Also:
// - physical qubits `$0`, `$1`, … (as Qiskit writes a laid-out circuit): the program then has the
//   qubits 0 … the highest index it names, and may not also declare qubit registers (refused);
// - constants `const int[32] n = 3;` / `const float[64] x = pi/2;` (int, uint, float, angle) and
//   inputs `input float[64] theta;` / `input bool b;`, whose values come from the `parameters`
//   option (an input without a value, of the wrong kind, or a value for a name that is no input,
//   is refused) and which the program may assign to later; both are usable in gate
//   parameters and, when whole numbers, in indices `q[n]` (negative ones count from the end) and
//   loop bounds; gate definitions may use the constants declared before them;
// - `for uint i in [0:3] { … }`, `[start:step:end]` (ends included), `for i in {1, 5, 2} …`,
//   unrolled while reading (every iteration is charged to the budget, so a huge loop stops at a
//   limit); `if` on a comparison of constants (`if (i == 0)`, `<`, `<=`, `>`, `>=`, `!=`) is
//   decided while reading;
// - `switch (c) { case 0, 3 { … } case 1 { … } default { … } }` on a classical register or bit, also
//   as Qiskit writes it (`int switch_dummy;` … `switch_dummy = c; switch (switch_dummy) { … }`, a
//   variable holding the bits): each case is its block under `c == value` (read once per
//   value), default under `c != ` every value; cases that may write the bits switched on switch on
//   their value taken once before them.
//   Qiskit's first syntax too: `case 0: { … } break;`, `case 1: case 2: { … }`, `default: { … }`.
//   A switch on a constant is decided while reading;
// - register slices and sets `q[0:2]`, `q[0:2:6]`, `q[{0, 3}]` (they broadcast as registers do),
//   and aliases `let a = q[0:2];`, `let b = q[1] ++ r;`, `let c = {q0, r[1]};` (of qubits or of
//   bits, each named once);
// - timing as identity, as simulators treat it: `delay[100ns] q[0];` (units ns, us, µs, ms, s,
//   dt), `box { … }` / `box[100ns] { … }` (its statements run as written), `duration d = …;`,
//   `stretch s;`; durations are not checked beyond their brackets.
// - subroutines `def f(qubit a, qubit[2] b, angle[32] t, bit c) -> bit { … return measure a; }`,
//   inlined at each call (a statement, or the right side of `c[0] = f(…);`): the body is read
//   again per call, charged, and sees its parameters and the program's constants and inputs; calls
//   nest at most maxGateNesting deep (recursion stops there); a bit parameter is read-only;
// - variables `int[8] x = 0;`, uint, float, angle, bool, with `=`, `+=` … `>>=` (`^=` is xor; `^`
//   in an expression stays the power), casts, comparisons, `&&`/`||`/`!`, `&`/`|`/`~`/`<<`/`>>`:
//   evaluated while reading. A variable may hold measured bits (`bool f = c[0];`, `int s = c;`),
//   read as conditions of the simulator (`if (f)`, `if (s == 2)`, `switch (s)`); measured again,
//   the bits leave it a slot holding what they were (keepReaders); `bit b = measure q;`. A
//   declaration in an inner block may shadow an outer variable until the block ends. An `if` on
//   variables is decided while reading;
//   `while` is unrolled while its condition is known (every iteration charged; an iteration that
//   assigns nothing repeats forever and is refused at once), with `break` and `continue`.
// - what depends on a measurement becomes classical steps of the running program (Instruction
//   `set`, `write`, `jump`, and conditions that `test` an expression): operators on measured bits,
//   variables assigned computed values or under conditions on measured bits (kept in slots, see
//   Variable), values written into bits, `switch` on a computed value, `while` on measured bits
//   (repeatedLoop), `break`/`continue` under a condition on measured bits (jumps).
// Refused as "not supported by this simulator: …" (with the place): pulse-level calibration
// (`defcal`, `cal`, `defcalgrammar`, `port`, `frame`, `waveform`), `extern`, `output`, opaque gates,
// other includes, a device's own instruction (an undefined gate without the include), and
// ("… (depends on a measurement)") a gate parameter, index or bound read from measured bits, a
// stale read of bits a variable holds (in an unrolled loop's later pass), and `return` under a
// condition on measured bits.
//
// Both: registers broadcast as the specifications say (`h q;`, `cx a, b;` over equal sizes,
// `measure q -> c;`), `barrier`, comments. Mid-circuit measurement, `reset`, `if` and `switch` on
// bits make the circuit dynamic (see Circuit.program). Every error names its line and column, and every limit
// of `QasmLimits` is checked while reading, before the thing it bounds is allocated or expanded.
import type { Barrier, Circuit, ClassicalExpr, Condition, Instruction, Measurement } from "../../simulator/passes/circuit";
import { GATES, type GateOp } from "../../simulator/passes/gates";
import { applyBinary, applyUnary, castTo, evaluate, namesIn, parseExpression, type Cursor, type DepthGuard, type Expr } from "./expression";
import { QasmError, tokenize, type Token } from "./lexer";
import { DEFAULT_QASM_LIMITS, QasmLimitError, type QasmLimits } from "./limits";

/** A declared register (bits offset … offset + size − 1), or an alias or slice (its `bits`, in order). */
type Register = { name: string; size: number; offset: number; bits?: number[] };
const bitOf = (register: Register, k: number) => (register.bits ? register.bits[k] : register.offset + k);
type Arg = { register: Register; index?: number; token: Token };
/** The bits (or qubits) an argument names, in order. */
const bitsOfArg = (arg: Arg) => (arg.index === undefined ? Array.from({ length: arg.register.size }, (_, k) => bitOf(arg.register, k)) : [bitOf(arg.register, arg.index)]);

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
/**
 * Steps charged for each `while` iteration and each subroutine call on top of the tokens read again:
 * each sets up scopes and evaluates its condition or arguments, which a token count alone undercharged
 * about eight times (`while (true) { n += 1; }` took seconds of a 2,000,000-step budget where other
 * constructs take a tenth of that), so the budget bounds time. A `for` iteration costs its tokens only.
 */
const REPETITION_STEPS = 32;

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
  parameters?: Record<string, number | boolean>;
};

// Statements refused with "not supported by this simulator: …" (the keyword, or what it is).
const UNSUPPORTED: Record<string, string> = {
  defcal: "defcal (pulse-level calibrations)", cal: "cal (pulse-level calibrations)", defcalgrammar: "defcalgrammar (pulse-level calibrations)",
  extern: "extern", port: "port", frame: "frame", waveform: "waveform", output: "output",
  end: "end", pragma: "pragma",
};
// Classical types: only constants and inputs of these (and durations, which are read and ignored).
const NUMERIC_TYPES = new Set(["int", "uint", "float", "angle"]);
const CLASSICAL_TYPES = new Set([...NUMERIC_TYPES, "bool", "complex", "array", "duration", "stretch"]);
// Statements of OpenQASM 3 that a program headed 2.0 cannot use.
const OPENQASM3_ONLY = new Set(["const", "input", "let", "for", "switch", "delay", "box", "duration", "stretch", "def", "return", "while", "break", "continue", ...CLASSICAL_TYPES]);

type ClassicalType = { name: string; token: Token; width?: number };

/** A parameter of a subroutine: qubits (a register of `size`), bits, or a classical value. */
type SubroutineParam = { name: Token; kind: "qubit" | "bit" | "value"; size?: number; type?: ClassicalType };
/** A `def`: its signature, and where its body starts (read again at each call, as a loop's is). */
type Subroutine = { name: string; params: SubroutineParam[]; returns?: ClassicalType; bodyStart: number; token: Token };
/** What a subroutine returns: qubits measured (into the bits the call is assigned to), or a value. */
type Returned = { kind: "measure"; qubits: number[]; at: Token } | { kind: "value"; value: number; at: Token } | { kind: "none" };
/**
 * A classical value known only when the circuit runs (it depends on a measurement), as the
 * simulator's conditions can read it: the unsigned number held by some bits, or a test of bits
 * (`condition`). `versions` are the bits' measurement counts when it was taken: once a bit is
 * measured again, the value is gone.
 */
type Runtime =
  | { kind: "bits"; clbits: number[]; versions: number[] }
  | { kind: "test"; condition: Condition; versions: number[] }
  | { kind: "expr"; expr: ClassicalExpr };
/**
 * A mutable classical variable: its type, the conditions in force where it was declared, and,
 * when its value is not in `constants`, the value it has at run time. Once its value depends on
 * how the circuit runs (assigned a computed value, under a condition on measured bits, or in a
 * loop the simulator repeats), it lives in `slot`, a variable of the running program, for good.
 */
type Variable = { type: ClassicalType; level: number; runtime?: Runtime; slot?: number };
/**
 * A loop being read. An unrolled one (`runtime` false) whose body leaves it under a condition on
 * measured bits gets jumps: `breaks` to its end, `continues` to the end of the iteration.
 * A loop the simulator repeats (`runtime`) continues at `head`. `localsMark`: where its own
 * variables start in `locals`; `bodyStart`: its body's first token.
 */
type LoopContext = { runtime: boolean; head: number; breaks: number[]; continues: number[]; localsMark: number; bodyStart: number; exits: number };
const COMPOUND: Record<string, string> = { "+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "&=": "&", "|=": "|", "^=": "xor", "<<=": "<<", ">>=": ">>" };
/** Conditions as a step keeps them (their bit lists copied), or undefined for none. */
const copyConditions = (conditions: Condition[]) => (conditions.length > 0 ? conditions.map((c) => ("test" in c ? c : { ...c, clbits: [...c.clbits] })) : undefined);
/** Thrown by `break` and `continue` to leave a loop's body (caught by the loop). */
class LoopSignal {
  constructor(readonly kind: "break" | "continue") {}
}
/** Thrown by `return` to leave a subroutine's body (caught by the call). */
class ReturnSignal {
  constructor(readonly returned: Returned) {}
}

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
  version: 2 | 3 | "snippet" = "snippet";
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
  /** Mutable classical variables in scope (their known values are in `constants`), and the names
   * declared in the blocks being read, innermost last (dropped when their block ends). */
  private variables = new Map<string, Variable>();
  private locals: { name: string; outer?: { variable: Variable; value: number | undefined } }[] = [];
  /** Where each block being read starts in `locals` (innermost last). */
  private scopes: number[] = [];
  /** How many times each bit has been measured into (a Runtime value is valid while they stay). */
  private clbitVersions = new Map<number, number>();
  /** Choices made while reading (constant ifs and switches, loops, pow exponents): while none is
   * made in a loop's first iteration, every iteration costs the same. */
  private decisions = 0;
  /** Levels of conditions in force (an if, a switch case: each one level, whatever it compares). */
  private conditionDepth = 0;
  /** The first qubit register declared (physical qubits cannot be used with it). */
  private declaredQubits: string | undefined;
  /** Loops and boxes the reader is inside (declarations are refused there). */
  private blocks = 0;
  /** Subroutines (`def`) by name, the calls being read (nested), and the conditions in force at the innermost call. */
  private subroutines = new Map<string, Subroutine>();
  private callDepth = 0;
  private callConditions = 0;
  /** Bits passed to the subroutine being read (a copy in OpenQASM 3: it may not write them). */
  private readonlyBits = new Set<number>();
  /** Names of constants and inputs (what a subroutine's body sees of the program's classical values). */
  private globalConstants = new Set<string>();
  private currentSubroutine: Subroutine | undefined;
  /** Loops being read (in the innermost subroutine), and the conditions in force at the innermost. */
  private loopDepth = 0;
  private loopConditions = 0;
  /** Assignments to variables so far (a while iteration without any repeats forever). */
  private writes = 0;
  /** Bits some measurement writes (the others hold 0 all along). */
  private writtenClbits = new Set<number>();
  /** Variables of the running program used so far (see Variable.slot). */
  private slots = 0;
  /** The loops being read, innermost last (a subroutine's own while its body is read). */
  private loops: LoopContext[] = [];
  /** Bodies of loops the simulator repeats being read, subroutine calls included. */
  private repeating = 0;
  /** Where each name is last written in the source (a token index). */
  private readonly lastMention = new Map<string, number>();

  constructor(
    private readonly tokens: Token[],
    private readonly limits: QasmLimits,
    private readonly parameters: Record<string, number | boolean> = {},
  ) {
    this.guard = {
      maxDepth: limits.maxExpressionDepth,
      tooDeep: (at) => this.overLimit(at, "maxExpressionDepth", "an expression nests deeper than"),
    };
    this.deadline = performance.now() + limits.maxReadMs;
    tokens.forEach((token, k) => {
      if (token.kind === "id") this.lastMention.set(token.text, k);
    });
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
    const measures = this.program.filter((step) => step.kind === "measure");
    const gates = this.program.flatMap((step) => (step.kind === "gate" ? [step.op] : []));
    const writes = this.program.some((step) => step.kind === "write");
    if (measures.length === 0 && !writes) {
      // Nothing measured: every qubit is measured into a bit of its own, at the end.
      const all = Array.from({ length: this.qubits }, (_, k) => ({ qubit: k, clbit: k }));
      // (A program without qubits keeps its bits, all 0.)
      if (!this.dynamic) return { qubits: this.qubits, clbits: this.qubits === 0 ? this.clbits : this.qubits, ops: gates, measurements: all };
      // A dynamic one keeps every bit its conditions read (more bits than qubits: the rest stay 0).
      const program = [...this.program, ...all.map((m): Instruction => ({ kind: "measure", ...m }))];
      return { qubits: this.qubits, clbits: Math.max(this.qubits, this.clbits), ops: gates, measurements: [], program, ...(this.slots > 0 ? { variables: this.slots } : {}) };
    }
    if (!this.dynamic) {
      const measurements = measures.map((m): Measurement => ({ qubit: m.qubit, clbit: m.clbit }));
      return { qubits: this.qubits, clbits: this.clbits, ops: gates, measurements };
    }
    return { qubits: this.qubits, clbits: this.clbits, ops: gates, measurements: [], program: this.program, ...(this.slots > 0 ? { variables: this.slots } : {}) };
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
      return this.variableDeclaration();
    }
    switch (token.text) {
      case "include": return top ? this.include() : nested("'include'");
      case "qreg": case "creg": return top ? this.register(token.text) : nested("a declaration");
      case "qubit": case "bit":
        if (this.version === 2) break;
        return top ? this.declaration(token.text) : nested("a declaration");
      case "gate": return top ? this.gateDefinition() : nested("a gate definition");
      case "def": return top ? this.subroutineDefinition() : nested("a subroutine definition");
      case "return": return this.returnStatement();
      case "const": return top ? this.constDeclaration() : nested("a declaration");
      case "input": return top ? this.inputDeclaration() : nested("a declaration");
      case "let": return top ? this.letDeclaration() : nested("a declaration");
      case "for": return this.forLoop();
      case "while": return this.whileLoop();
      case "break": case "continue": return this.loopExit();
      case "switch": return this.switchStatement();
      case "delay": return this.gates.has("delay") ? this.gateCall() : this.delay();
      case "box": return this.box();
      case "measure": return this.measure();
      case "reset": return this.reset();
      case "barrier": return this.barrier();
      case "if": return this.conditional();
      case "OPENQASM": return this.fail(token, "the OPENQASM header must come first");
      case "opaque": return this.fail(token, "not supported by this simulator: opaque gates (they have no definition to simulate)");
    }
    if (this.cregs.has(token.text) && (this.peekAt(1).text === "=" || this.peekAt(1).text === "[" || Object.hasOwn(COMPOUND, this.peekAt(1).text)) && this.version !== 2) return this.assignment();
    if (this.variables.has(token.text)) return this.variableAssignment();
    if (this.subroutines.has(token.text) && this.peekAt(1).text === "(") return this.subroutineStatement();
    return this.gateCall();
  }

  private include() {
    this.next();
    const file = this.next();
    if (file.kind !== "string") this.fail(file, `expected a file name in quotes but found '${file.text}'`);
    const wanted = this.version === 3 ? "stdgates.inc" : "qelib1.inc";
    if (this.version === "snippet" && (file.text === "qelib1.inc" || file.text === "stdgates.inc")) return this.expect(";");
    if (file.text === "qelib1.inc" || file.text === "stdgates.inc") {
      if (file.text !== wanted) this.fail(file, `only "${wanted}" can be included, not "${file.text}"`);
    } else this.fail(file, `not supported by this simulator: include "${file.text}" (only "${wanted}" is built in)`);
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
    if (this.is("=") && kind === "qubit") this.fail(this.peek(), "a declaration cannot be initialised here; assign with a separate statement");
    if (!this.is("=")) {
      this.expect(";");
      return this.declareRegister(kind === "qubit" ? "q" : "c", name, size);
    }
    // bit b = measure q[0];  bit[2] r = f(q);  bit z = 0;
    this.next();
    this.declareRegister("c", name, size);
    this.assignToBits({ register: this.cregs.get(name.text)!, token: name });
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
    const value = this.known(parseExpression(this, this.guard), at, "an index");
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
    // Parts joined by ++, each a register, a slice or an element, or (as Qiskit writes an alias
    // of loose qubits or bits) a list of them in braces: `let a = {q0, r[1]};`.
    const first = this.is("{") ? this.peekAt(1) : this.peek();
    const quantum = first.kind === "physical" || this.qregs.has(first.text);
    const registers = quantum ? this.qregs : this.cregs;
    const what = quantum ? "quantum register" : "classical register";
    const parts: Arg[] = [];
    const part = () => {
      if (!this.is("{")) {
        parts.push(this.argument(registers, what));
        return;
      }
      this.next();
      for (;;) {
        parts.push(this.argument(registers, what));
        if (!this.is(",")) break;
        this.next();
      }
      this.expect("}");
    };
    part();
    while (this.is("++")) {
      this.next();
      part();
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

  private isClassicalName = (name: string) => Object.hasOwn(this.constants, name) || this.durations.has(name) || this.variables.has(name);

  // A new classical name: not a register, constant, input or duration already.
  private declareName(name: Token) {
    if (name.text === "pi" || name.text === "π") this.fail(name, `'${name.text}' is a built-in constant`);
    if (this.qregs.has(name.text) || this.cregs.has(name.text) || this.isClassicalName(name.text)) this.fail(name, `'${name.text}' is already declared`);
  }

  // int[32], uint, float[64], angle[32], …: the name and an optional width.
  private classicalType(bits = false): ClassicalType {
    const token = this.identifier("a type");
    if (!CLASSICAL_TYPES.has(token.text) && !(bits && token.text === "bit")) this.fail(token, `expected a type (int, uint, float, angle) but found '${token.text}'`);
    let width: number | undefined;
    if (this.is("[")) {
      this.next();
      const size = this.integer();
      if (size.value < 1) this.fail(size.token, "a type's width must be at least 1");
      this.expect("]");
      width = size.value;
    }
    return { name: token.text, token, ...(width === undefined ? {} : { width }) };
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
    const value = this.known(parseExpression(this, this.guard), at, "a constant");
    this.expect(";");
    this.bind(name, type, value, at);
    this.globalConstants.add(name.text);
  }

  // input float[64] theta;  (its value is the parameter of that name)
  private inputDeclaration() {
    this.next();
    const type = this.classicalType();
    if (!NUMERIC_TYPES.has(type.name) && type.name !== "bool") this.fail(type.token, `not supported by this simulator: input ${type.name}`);
    const name = this.identifier("an input name");
    this.declareName(name);
    this.expect(";");
    const given = Object.hasOwn(this.parameters, name.text) ? this.parameters[name.text] : undefined;
    if (given === undefined) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' has no value: send it in parameters`);
    if (type.name === "bool") {
      if (typeof given !== "boolean") throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is bool: send true or false`);
    } else if (typeof given === "boolean") throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is ${type.name}: send a number, not ${given}`);
    const value = typeof given === "boolean" ? Number(given) : given;
    if (typeof value !== "number" || !Number.isFinite(value)) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' must be a finite number`);
    if ((type.name === "int" || type.name === "uint") && !Number.isSafeInteger(value)) {
      throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is ${type.name}: send a whole number, not ${value}`);
    }
    if (type.name === "uint" && value < 0) throw new QasmInputError(name.line, name.column, name.text, `input '${name.text}' is uint: send a number of at least 0, not ${value}`);
    this.inputs.add(name.text);
    this.globalConstants.add(name.text);
    this.constants[name.text] = value;
    // An input is a variable with its first value given (Qiskit's programs assign to them).
    this.variables.set(name.text, { type, level: 0 });
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

  // { statements } inside a loop or box (the variables declared in it end with it).
  private block(at: Token) {
    this.expect("{");
    this.enterBlock(at);
    this.scoped(() => {
      while (!this.is("}")) {
        if (this.peek().kind === "eof") this.fail(this.peek(), "expected '}' but found 'end of input'");
        this.statement();
      }
    });
    this.next();
    this.blocks -= 1;
  }

  // Reads a block or statement whose variables are dropped at its end (however it is left).
  // A variable declared there may shadow an outer one of the same name (OpenQASM 3 scoping): the
  // outer one is set aside and comes back when the block ends.
  private scoped(read: () => void) {
    const mark = this.locals.length;
    this.scopes.push(mark);
    try {
      read();
    } finally {
      for (const local of this.locals.slice(mark).reverse()) {
        this.variables.delete(local.name);
        delete this.constants[local.name];
        if (local.outer) {
          this.variables.set(local.name, local.outer.variable);
          if (local.outer.value !== undefined) this.constants[local.name] = local.outer.value;
        }
      }
      this.locals.length = mark;
      this.scopes.pop();
    }
  }

  private enterBlock(at: Token) {
    if (this.blocks + this.conditionDepth >= this.limits.maxGateNesting) this.overLimit(at, "maxGateNesting", "loops, boxes and conditions nest deeper than");
    this.blocks += 1;
  }

  // A whole number from an expression over constants (loop bounds).
  private wholeNumber(): number {
    const at = this.peek();
    const value = this.known(parseExpression(this, this.guard), at, "a loop bound or case");
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
    if (this.qregs.has(name.text) || this.cregs.has(name.text) || this.durations.has(name.text) || this.variables.has(name.text)) this.fail(name, `'${name.text}' is already declared`);
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
    this.withLoop(bodyStart, () => {
      for (let k = 0; k < count!; k += 1) {
        this.position = bodyStart;
        this.constants[name.text] = valueAt!(k);
        const goOn = this.iteration(at, bodyStart);
        // Reading the body again costs its tokens (at least one step per iteration).
        this.charge(at, this.position - bodyStart);
        if (!goOn) break;
        if (k === 0 && count! > 1 && this.decisions === decisionsBefore) {
          // The other iterations cost what the first did: refuse now rather than after reading them.
          const left = count! - 1;
          if (this.operations + left * (this.operations - operationsBefore) > this.limits.maxOperations) {
            this.overLimit(at, "maxOperations", "the program expands to more operations than");
          }
          if (this.steps + left * (this.steps - stepsBefore) > this.limits.maxExpansionSteps) this.overLimit(at, "maxExpansionSteps", "reading the program takes more steps than");
        }
      }
    });
    if (had) this.constants[name.text] = before;
    else delete this.constants[name.text];
  }

  // One reading of a loop's body (a block or one statement), which `break` and `continue` leave
  // (the rest of the body is then skipped unread); false after a break. A `continue` under a
  // condition on measured bits jumps to where the iteration ends.
  private iteration(at: Token, bodyStart: number): boolean {
    const saved = { blocks: this.blocks, depth: this.loopDepth, conditions: this.loopConditions };
    const block = this.is("{");
    const loop = this.loops[this.loops.length - 1];
    this.loopDepth += 1;
    this.loopConditions = this.conditions.length;
    try {
      this.loopBody(at, block);
      return true;
    } catch (signal) {
      if (!(signal instanceof LoopSignal)) throw signal;
      this.blocks = saved.blocks;
      this.position = bodyStart;
      this.skipStatement(!block);
      return signal.kind === "continue";
    } finally {
      this.loopDepth = saved.depth;
      this.loopConditions = saved.conditions;
      this.patch(loop.continues, this.program.length);
    }
  }

  private loopBody(at: Token, block: boolean) {
    if (block) return this.block(at);
    this.enterBlock(at);
    this.scoped(() => this.statement());
    this.blocks -= 1;
  }

  // Reads a loop with its context (see LoopContext); its breaks jump to the end of what it emits.
  private withLoop(bodyStart: number, read: (loop: LoopContext) => void) {
    const loop: LoopContext = { runtime: false, head: -1, breaks: [], continues: [], localsMark: this.locals.length, bodyStart, exits: 0 };
    this.loops.push(loop);
    try {
      read(loop);
    } finally {
      this.loops.pop();
      this.patch(loop.breaks, this.program.length);
    }
  }

  // Where the statement (or block) starting at token `start` ends (with its else, if asked).
  private statementEnd(start: number, withElse = false) {
    const position = this.position;
    this.position = start;
    this.skipStatement(withElse);
    const end = this.position;
    this.position = position;
    return end;
  }

  // break;  continue;  Known while reading: the loop is left as it is read. Under a condition on
  // measured bits, or in a loop the simulator repeats: a jump of the running program (to the end
  // of the loop, or of the iteration; in a repeated loop `continue` goes back to its test). The
  // variables the loop assigns are pinned first, as their later values depend on the jump.
  private loopExit() {
    const at = this.next();
    this.expect(";");
    if (this.loopDepth === 0) this.fail(at, `'${at.text}' outside a loop`);
    const loop = this.loops[this.loops.length - 1];
    if (!loop.runtime && this.conditions.length <= this.loopConditions) throw new LoopSignal(at.text as "break" | "continue");
    if (!loop.runtime) this.pinAssigned(loop.bodyStart, this.statementEnd(loop.bodyStart), loop.localsMark, at);
    loop.exits += 1;
    if (at.text === "continue" && loop.runtime) return this.push({ kind: "jump", to: loop.head }, at);
    (at.text === "break" ? loop.breaks : loop.continues).push(this.push({ kind: "jump", to: -1 }, at));
  }

  // while (condition) body: unrolled while reading, while the condition is known each time it is
  // read (every reading of it and of the body is charged, and an iteration that changes no
  // classical value would repeat forever: refused at once). Once the condition depends on
  // measured bits, or the body may leave under such a condition, the rest of the loop is one the
  // simulator repeats (repeatedLoop).
  private whileLoop() {
    const at = this.next();
    const conditionStart = this.position;
    this.decisions += 1;
    this.withLoop(-1, (loop) => {
      for (;;) {
        this.position = conditionStart;
        this.expect("(");
        const result = this.condition(parseExpression(this, this.guard), this.peek());
        this.expect(")");
        loop.bodyStart = this.position;
        if (typeof result !== "boolean" || loop.exits > 0) return this.repeatedLoop(at, conditionStart, loop);
        if (!result) return this.skipStatement();
        const writes = this.writes;
        const goOn = this.iteration(at, loop.bodyStart);
        this.charge(at, REPETITION_STEPS + this.position - conditionStart);
        if (!goOn) return;
        if (loop.exits === 0 && this.writes === writes) this.overLimit(at, "maxExpansionSteps", "reading the program takes more steps than");
      }
    });
  }

  // The rest of a while loop as the simulator runs it: its test (a jump past the loop when it
  // fails), the body read once, and a jump back to the test. What the body assigns of enclosing
  // scopes, and variables holding measured bits (the body may measure them again), move to slots
  // first, so that every pass reads what the last one left.
  private repeatedLoop(at: Token, conditionStart: number, loop: LoopContext) {
    this.pinAssigned(loop.bodyStart, this.statementEnd(loop.bodyStart), loop.localsMark, at);
    for (const [name, variable] of this.variables) {
      if (variable.slot === undefined && variable.runtime && variable.runtime.kind !== "expr" && this.stillValid(variable.runtime)) this.pin(name, variable, at);
    }
    loop.runtime = true;
    loop.head = this.program.length;
    this.position = conditionStart;
    this.expect("(");
    const result = this.condition(parseExpression(this, this.guard), this.peek());
    this.expect(")");
    if (result === false) return this.skipStatement();
    if (result !== true) loop.breaks.push(this.push({ kind: "jump", to: -1 }, at, [...(this.when ?? []), this.negate(this.allOf(result))]));
    const exits = loop.exits;
    const saved = { depth: this.loopDepth, conditions: this.loopConditions };
    this.loopDepth += 1;
    this.loopConditions = this.conditions.length;
    const bodyStart = this.position;
    this.repeating += 1;
    try {
      this.loopBody(at, this.is("{"));
    } finally {
      this.repeating -= 1;
      this.loopDepth = saved.depth;
      this.loopConditions = saved.conditions;
    }
    if (result === true && loop.exits === exits) this.fail(at, "this loop never ends: its condition is always true and nothing in it breaks out");
    this.push({ kind: "jump", to: loop.head }, at);
    this.charge(at, REPETITION_STEPS + this.position - bodyStart);
  }

  // The bits a value read from bits reads (a test of a computed value: none of its own).
  private bitsRead = (runtime: Exclude<Runtime, { kind: "expr" }>) => (runtime.kind === "bits" ? runtime.clbits : "test" in runtime.condition ? [] : runtime.condition.clbits);

  // Whether a value read from bits still holds (none of them measured or written since).
  private stillValid(runtime: Exclude<Runtime, { kind: "expr" }>) {
    const clbits = this.bitsRead(runtime);
    return runtime.versions.every((version, k) => version === (this.clbitVersions.get(clbits[k]) ?? 0));
  }

  // A new slot of the running program.
  private newSlot() {
    this.slots += 1;
    return this.slots - 1;
  }

  // A value taken now into a new slot (set under the conditions in force), read back from there.
  private snapshot(value: ClassicalExpr, at: Token): ClassicalExpr {
    const slot = this.newSlot();
    this.push({ kind: "set", slot, value }, at);
    return { kind: "variable", slot };
  }

  // if (i == 0) …, if (x > 2 && c[0]) …: a condition over classical values. What is known while
  // reading is decided now (the branch not taken is skipped unread); what reads measured bits
  // becomes conditions of the simulator (a conjunction; an else only after a single test).
  private generalConditional(at: Token) {
    const exprAt = this.peek();
    const result = this.condition(parseExpression(this, this.guard), exprAt);
    this.expect(")");
    if (typeof result !== "boolean") return this.measuredIf(result, at);
    const holds = result;
    this.decisions += 1;
    if (holds) this.branch(at);
    else this.skipStatement(false);
    if (!this.is("else")) return;
    this.next();
    if (holds) this.skipStatement();
    else this.branch(at);
  }

  // A condition: known now (a boolean), or the conditions on bits that must all hold.
  private condition(expr: Expr, at: Token): boolean | Condition[] {
    if (expr.kind === "binary" && (expr.op === "&&" || expr.op === "||")) {
      const left = this.condition(expr.left, at);
      const right = this.condition(expr.right, at);
      if (expr.op === "&&") {
        if (left === false || right === false) return false;
        if (left === true) return right;
        if (right === true) return left;
        return [...left, ...right];
      }
      if (left === true || right === true) return true;
      if (left === false) return right;
      if (right === false) return left;
      return [{ test: { kind: "binary", op: "||", left: this.conditionExpr(this.allOf(left)), right: this.conditionExpr(this.allOf(right)) } }];
    }
    const value = this.classical(expr, at);
    if (typeof value === "number") return value !== 0;
    return [this.test(value).condition];
  }

  private negate(condition: Condition): Condition {
    const { negate, ...rest } = condition;
    return negate ? rest : { ...rest, negate: true };
  }

  private dependsOn(at: Token, what: string): never {
    return this.fail(at, `not supported by this simulator: ${what} (depends on a measurement)`);
  }

  /** What the running program computes for a value: a number, bits, a test, or an expression. */
  private exprOf(value: number | Runtime): ClassicalExpr {
    if (typeof value === "number") return { kind: "number", value };
    if (value.kind === "expr") return value.expr;
    if (value.kind === "bits") return { kind: "bits", clbits: value.clbits };
    return this.conditionExpr(value.condition);
  }

  /** A condition as a value of the running program: 1 when it holds, else 0. */
  private conditionExpr(condition: Condition): ClassicalExpr {
    const { negate } = condition;
    if ("test" in condition) return negate ? { kind: "unary", op: "!", arg: condition.test } : { kind: "convert", type: "bool", arg: condition.test };
    return { kind: "binary", op: negate ? "!=" : "==", left: { kind: "bits", clbits: condition.clbits }, right: { kind: "number", value: condition.value } };
  }

  /** Conditions that must all hold, as one test of the running program. */
  private allOf(conditions: Condition[]): Condition {
    if (conditions.length === 1) return conditions[0];
    const test = conditions.map((c) => this.conditionExpr(c)).reduce((left, right): ClassicalExpr => ({ kind: "binary", op: "&&", left, right }));
    return { test };
  }

  private bitsValue(clbits: number[]): Runtime {
    return { kind: "bits", clbits, versions: clbits.map((bit) => this.clbitVersions.get(bit) ?? 0) };
  }

  // A value read from bits as a test: a single bit is set, several bits are not all 0.
  private test(value: Runtime): Extract<Runtime, { kind: "test" }> {
    if (value.kind === "test") return value;
    if (value.kind === "expr") return { kind: "test", condition: { test: value.expr }, versions: [] };
    const condition: Condition = value.clbits.length === 1 ? { clbits: value.clbits, value: 1 } : { clbits: value.clbits, value: 0, negate: true };
    return { kind: "test", condition, versions: value.versions };
  }

  // value == k, for a value read from bits and a known k.
  private compare(value: Runtime, k: number, at: Token): Extract<Runtime, { kind: "test" }> | number {
    if (value.kind === "expr") return { kind: "test", condition: { test: { kind: "binary", op: "==", left: value.expr, right: { kind: "number", value: k } } }, versions: [] };
    if (value.kind === "test") {
      if (k === 1) return value;
      if (k === 0) return { ...value, condition: this.negate(value.condition) };
      return 0;
    }
    const n = value.clbits.length;
    if (!Number.isSafeInteger(k) || k < 0 || (n < 53 && k >= 2 ** n)) this.fail(at, `${k} does not fit in ${n} bit(s)`);
    return { kind: "test", condition: { clbits: value.clbits, value: k }, versions: value.versions };
  }

  // An expression's value: a number when it is known while reading (constants, inputs, loop
  // variables and variables holding known values), else what the simulator's conditions can read
  // of it when it runs (bits, or a test of bits); anything else is refused as depending on a measurement.
  private classical(expr: Expr, at: Token): number | Runtime {
    this.charge(at, expr.size);
    return this.lower(expr, at);
  }

  /** An expression that must be known while reading (a gate parameter, an index, a bound). */
  private known(expr: Expr, at: Token, what: string): number {
    const value = this.classical(expr, at);
    if (typeof value !== "number") this.dependsOn(at, `${what} read from measured bits`);
    return value as number;
  }

  private nameValue(name: string, token: Token): number | Runtime {
    const variable = this.variables.get(name);
    const runtime = variable?.runtime;
    if (runtime?.kind === "expr") return runtime;
    if (runtime) {
      if (!this.stillValid(runtime)) return this.dependsOn(token, `reading '${name}' after the bits it was set from were measured again`);
      return runtime;
    }
    if (Object.hasOwn(this.constants, name)) return this.constants[name];
    const register = this.cregs.get(name);
    if (register) return this.bitsValue(Array.from({ length: register.size }, (_, k) => bitOf(register, k)));
    if (this.qregs.has(name)) return this.fail(token, `'${name}' is a quantum register, not a value`);
    return this.fail(token, `unknown parameter '${name}'`);
  }

  private lower(expr: Expr, at: Token): number | Runtime {
    switch (expr.kind) {
      case "number": return expr.value;
      case "name": return this.nameValue(expr.name, expr.token);
      case "index": {
        const index = this.lower(expr.index, at);
        if (typeof index !== "number") return this.dependsOn(expr.token, "an index read from measured bits");
        if (!Number.isSafeInteger(index)) this.fail(expr.token, `an index must be a whole number, not ${index}`);
        const register = this.cregs.get(expr.name);
        if (register) return this.bitsValue([bitOf(register, this.inRange(index, register, expr.token))]);
        const base = this.nameValue(expr.name, expr.token);
        if (typeof base === "number") return applyBinary("&", applyBinary(">>", base, index, expr.token), 1, expr.token);
        if (base.kind === "bits" && index >= 0 && index < base.clbits.length) return { kind: "bits", clbits: [base.clbits[index]], versions: [base.versions[index]] };
        if (base.kind === "bits") return this.dependsOn(expr.token, `an index of '${expr.name}'`);
        const shifted: ClassicalExpr = { kind: "binary", op: ">>", left: this.exprOf(base), right: { kind: "number", value: index } };
        return { kind: "expr", expr: { kind: "binary", op: "&", left: shifted, right: { kind: "number", value: 1 } } };
      }
      case "unary": {
        const operand = this.lower(expr.operand, at);
        if (typeof operand === "number") return applyUnary(expr.op, operand, expr.token);
        if (expr.op === "!") {
          const test = this.test(operand);
          return { ...test, condition: this.negate(test.condition) };
        }
        return { kind: "expr", expr: { kind: "unary", op: expr.op, arg: this.exprOf(operand) } };
      }
      case "call": {
        const arg = this.lower(expr.arg, at);
        if (typeof arg !== "number") return this.dependsOn(at, `${expr.fn}(…) of a measured value`);
        return evaluate({ ...expr, arg: { kind: "number", value: arg, depth: 1, size: 1 } }, {});
      }
      case "cast": {
        const arg = this.lower(expr.arg, at);
        if (typeof arg === "number") return castTo(expr.type, expr.width, arg, expr.token);
        if (expr.type === "bool" || (expr.type === "bit" && expr.width === undefined)) return this.test(arg);
        if ((expr.type === "int" || expr.type === "uint") && arg.kind === "bits" && (expr.width ?? 32) > arg.clbits.length) return arg;
        return { kind: "expr", expr: { kind: "convert", type: expr.type, ...(expr.width === undefined ? {} : { width: expr.width }), arg: this.exprOf(arg) } };
      }
      case "binary": {
        const left = this.lower(expr.left, at);
        const right = this.lower(expr.right, at);
        if (typeof left === "number" && typeof right === "number") return applyBinary(expr.op, left, right, expr.token);
        if ((expr.op === "==" || expr.op === "!=") && (typeof left === "number" || typeof right === "number")) {
          const [value, k, kAt] = typeof left === "number" ? [right as Runtime, left, expr.token] : [left, right as number, expr.token];
          const test = this.compare(value, k, kAt);
          if (typeof test === "number") return expr.op === "==" ? test : 1 - test;
          if (expr.op === "==") return test;
          const tested = this.test(test);
          return { ...tested, condition: this.negate(tested.condition) };
        }
        return { kind: "expr", expr: { kind: "binary", op: expr.op, left: this.exprOf(left), right: this.exprOf(right) } };
      }
    }
  }

  // A value converted to a variable's type; what is read from bits only as a test (bool) or as
  // the number they hold (int, uint).
  private convert(type: ClassicalType, value: number | Runtime, at: Token): number | Runtime {
    if (typeof value === "number") return this.cast(type, value, at);
    if (type.name === "bool") return this.test(value);
    if ((type.name === "int" || type.name === "uint") && value.kind === "bits" && (type.width ?? 32) > value.clbits.length) return value;
    return { kind: "expr", expr: { kind: "convert", type: type.name, ...(type.width === undefined ? {} : { width: type.width }), arg: this.exprOf(value) } };
  }

  // The right side of an assignment to a variable: an expression, or a call of a subroutine.
  private rightSide(type: ClassicalType): number | Runtime {
    const start = this.peek();
    if (start.kind === "id" && start.text === "measure") this.fail(start, `not supported by this simulator: measuring into a ${type.name} variable (measure into bits: bit b = measure q;)`);
    if (start.kind === "id" && this.subroutines.has(start.text) && this.peekAt(1).text === "(") {
      const returned = this.callSubroutine();
      if (returned.kind === "none") return this.fail(start, `subroutine '${start.text}' returns nothing`);
      if (returned.kind === "measure") return this.fail(start, `not supported by this simulator: a measurement returned by '${start.text}' into a ${type.name} variable (assign it to bits)`);
      return this.convert(type, returned.value, start);
    }
    return this.convert(type, this.classical(parseExpression(this, this.guard), start), start);
  }

  // int[8] x = 0;  bool b;  float[64] y = x / 2;  bool f = c[0];  (0 without a value)
  private variableDeclaration() {
    const type = this.classicalType();
    if (!NUMERIC_TYPES.has(type.name) && type.name !== "bool") this.fail(type.token, `not supported by this simulator: ${type.name} variables`);
    const name = this.identifier("a variable name");
    const outer = this.shadowed(name);
    if (!outer) this.declareName(name);
    let value: number | Runtime = 0;
    if (this.is("=")) {
      this.next();
      value = this.rightSide(type);
    }
    this.expect(";");
    const variable: Variable = { type, level: this.conditions.length };
    if (outer) delete this.constants[name.text];
    this.variables.set(name.text, variable);
    this.locals.push({ name: name.text, ...(outer ? { outer } : {}) });
    this.store(name.text, variable, value, name);
  }

  // A variable of an enclosing block (not of this one) that a declaration here shadows, and its value.
  private shadowed(name: Token) {
    const variable = this.variables.get(name.text);
    const scope = this.scopes[this.scopes.length - 1];
    if (!variable || scope === undefined || this.locals.slice(scope).some((local) => local.name === name.text)) return undefined;
    return { variable, value: Object.hasOwn(this.constants, name.text) ? this.constants[name.text] : undefined };
  }

  // x = …;  x += …;  (and -= *= /= %= &= |= ^= <<= >>=; ^= is exclusive or)
  private variableAssignment() {
    const name = this.next();
    const variable = this.variables.get(name.text)!;
    const op = this.next();
    if (op.kind !== "symbol" || (op.text !== "=" && !Object.hasOwn(COMPOUND, op.text))) this.fail(op, `expected an assignment to '${name.text}' (=, +=, -=, …) but found '${op.text}'`);
    let value: number | Runtime;
    if (op.text === "=") value = this.rightSide(variable.type);
    else {
      const current = this.nameValue(name.text, name);
      const rightAt = this.peek();
      const right = this.classical(parseExpression(this, this.guard), rightAt);
      value =
        typeof current === "number" && typeof right === "number"
          ? this.cast(variable.type, applyBinary(COMPOUND[op.text], current, right, op), op)
          : this.convert(variable.type, { kind: "expr", expr: { kind: "binary", op: COMPOUND[op.text], left: this.exprOf(current), right: this.exprOf(right) } }, op);
    }
    this.expect(";");
    this.store(name.text, variable, value, name);
  }

  // A variable's new value. Under conditions on measured bits (more than where it was declared)
  // the value then depends on a measurement: unless it stays what it was, it can no longer be read.
  // A variable's new value. Known while reading, or bits (or a test of them) read while they stay
  // unmeasured: kept here. Anything else goes into the variable's slot of the running program, by a
  // `set` under the conditions in force: a computed value, an assignment under a condition on
  // measured bits (more than where it was declared: unless it keeps the value it has), and every
  // assignment to a variable already in a slot.
  private store(name: string, variable: Variable, value: number | Runtime, at: Token) {
    this.writes += 1;
    const conditional = this.conditions.length > variable.level;
    if (variable.slot === undefined) {
      if (conditional && typeof value === "number" && !variable.runtime && this.constants[name] === value) return;
      const computed = typeof value !== "number" && (value.kind === "expr" || (value.kind === "test" && "test" in value.condition));
      if (!conditional && !computed) {
        if (typeof value === "number") {
          this.constants[name] = value;
          variable.runtime = undefined;
        } else {
          delete this.constants[name];
          variable.runtime = value;
        }
        return;
      }
      this.pin(name, variable, at, conditional);
    }
    this.push({ kind: "set", slot: variable.slot!, value: this.exprOf(value) }, at);
  }

  // Moves a variable into a slot of the running program, holding (with `keep`) the value it has
  // now: set under the conditions in force where it was declared (wherever it exists, that is its
  // value here). Without `keep` the caller sets it at once.
  private pin(name: string, variable: Variable, at: Token, keep = true) {
    if (variable.slot !== undefined) return;
    const current = Object.hasOwn(this.constants, name) ? this.constants[name] : variable.runtime ? this.nameValue(name, at) : 0;
    variable.slot = this.newSlot();
    if (keep) this.push({ kind: "set", slot: variable.slot, value: this.exprOf(current) }, at, copyConditions(this.conditions.slice(0, variable.level)));
    delete this.constants[name];
    variable.runtime = { kind: "expr", expr: { kind: "variable", slot: variable.slot } };
  }

  // Pins the variables of enclosing scopes (declared before `localsMark`, or inputs) that the
  // tokens from `start` to `end` assign to: what a loop the simulator repeats, or one it may leave
  // early, changes an unknown number of times.
  private pinAssigned(start: number, end: number, localsMark: number, at: Token) {
    const inner = new Set(this.locals.slice(localsMark).map((local) => local.name));
    for (let k = start; k < end; k += 1) {
      const token = this.tokens[k];
      const next = this.tokens[k + 1];
      if (token.kind !== "id" || inner.has(token.text) || next.kind !== "symbol" || (next.text !== "=" && !Object.hasOwn(COMPOUND, next.text))) continue;
      // `int n = 5;` (or `int[8] n = …`) declares a variable of the body: not an assignment.
      const before = this.tokens[k - 1];
      if (before && ((before.kind === "id" && CLASSICAL_TYPES.has(before.text)) || (before.kind === "symbol" && before.text === "]"))) continue;
      const variable = this.variables.get(token.text);
      if (variable) this.pin(token.text, variable, at);
    }
  }

  // The bits named in a condition: true when it reads only bits (the form OpenQASM 2.0 has too).
  private onlyBits(): boolean {
    let brackets = 0;
    for (let k = this.position; k < this.tokens.length; k += 1) {
      const token = this.tokens[k];
      if (token.kind === "eof") return true;
      if (token.kind === "id") {
        if (!this.cregs.has(token.text) && token.text !== "true" && token.text !== "false") return false;
        continue;
      }
      if (token.kind === "number") continue;
      if (token.kind !== "symbol") return false;
      switch (token.text) {
        case "(": return false; // grouping: the general reading
        case ")": return true;
        case "[": brackets += 1; break;
        case "]": brackets -= 1; break;
        case "==": case "!=": case "!": case "&&": break;
        case "||": return false;
        case ":": case ",": case "{": case "}":
          if (brackets === 0) return true;
          break;
        default:
          return token.text === ";";
      }
    }
    return true;
  }

  private branch(at: Token) {
    if (this.is("{")) return this.block(at);
    this.enterBlock(at);
    this.scoped(() => this.statement());
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

  // Adds a step to the program (under the conditions in force, or `when`), answering its index.
  private push(step: Instruction, at: Token, when = this.when): number {
    const written = step.kind === "measure" ? [step.clbit] : step.kind === "write" ? step.clbits : [];
    if (written.length > 0) this.keepReaders(written, at);
    for (const clbit of written) {
      if (this.readonlyBits.has(clbit)) this.fail(at, "not supported by this simulator: writing to a bit passed to a subroutine (it is a copy there)");
      // A case that changed the bits its switch reads would let a later case run too.
      if (this.switched.some((bits) => bits.has(clbit))) this.fail(at, `not supported by this simulator: ${step.kind === "measure" ? "measuring" : "writing"}, inside a switch case, into the bits the switch reads`);
    }
    if (when) {
      this.dynamic = true;
      // The simulator reads every bit of every condition for each conditional instruction.
      this.charge(at, when === this.when ? this.whenBits : when.length);
    }
    if (step.kind === "set" || step.kind === "jump" || step.kind === "write") {
      this.dynamic = true;
      this.countOperations(at, 1);
      for (const clbit of written) {
        this.writtenClbits.add(clbit);
        this.clbitVersions.set(clbit, (this.clbitVersions.get(clbit) ?? 0) + 1);
      }
    } else if (step.kind === "gate") {
      for (const q of step.op.qubits) {
        if (this.measured.has(q)) this.dynamic = true;
        this.touched.add(q);
      }
      if (!when) for (const q of step.op.qubits) this.measured.delete(q);
    } else if (step.kind === "reset") {
      // A reset of a qubit nothing has touched does nothing (in a loop the simulator repeats, the
      // next pass may find it touched).
      if (!this.touched.has(step.qubit) && !when && this.repeating === 0) return -1;
      this.dynamic = true;
      this.measured.delete(step.qubit);
    } else {
      this.countOperations(at, 1);
      this.writtenClbits.add(step.clbit);
      this.clbitVersions.set(step.clbit, (this.clbitVersions.get(step.clbit) ?? 0) + 1);
      this.touched.add(step.qubit);
      this.measured.add(step.qubit);
    }
    this.program.push(when ? { ...step, when } : step);
    return this.program.length - 1;
  }

  // Variables holding bits (or a test of them) that a step is about to write keep the value they
  // have: they move to slots, set from the bits before the step (`bool f = c[0]; c[0] = measure q;`
  // leaves f what c[0] was).
  private keepReaders(written: number[], at: Token) {
    const touched = new Set(written);
    for (const [name, variable] of this.variables) {
      const runtime = variable.runtime;
      if (variable.slot !== undefined || !runtime || runtime.kind === "expr" || !this.stillValid(runtime)) continue;
      // Only a name the program still mentions further on can be read again (a loop's body read
      // again is not seen here: a read there is refused as stale, as before).
      if ((this.lastMention.get(name) ?? -1) < this.position) continue;
      if (this.bitsRead(runtime).some((bit) => touched.has(bit))) this.pin(name, variable, at);
    }
  }

  // A jump pushed now whose target is set later (the end of a loop or of an iteration).
  private patch(jumps: number[], to: number) {
    for (const k of jumps) {
      const step = this.program[k];
      if (step.kind === "jump") step.to = to;
    }
    jumps.length = 0;
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
  // c[0] = measure q[0]; c = measure q; c = d; c |= 1; (compound: the bits' value and the right side)
  private assignment() {
    const clbit = this.argument(this.cregs, "classical register");
    const op = this.peek();
    if (Object.hasOwn(COMPOUND, op.text) && op.kind === "symbol") {
      this.next();
      const right = this.classical(parseExpression(this, this.guard), this.peek());
      this.expect(";");
      const bits = bitsOfArg(clbit);
      return this.assignBits(clbit, { kind: "expr", expr: { kind: "binary", op: COMPOUND[op.text], left: { kind: "bits", clbits: bits }, right: this.exprOf(right) } }, op);
    }
    this.expect("=");
    this.assignToBits(clbit);
  }

  // The right side of `bits = …;`: a measurement, a subroutine's result, or a value that changes nothing.
  private assignToBits(clbit: Arg) {
    const at = this.peek();
    if (at.kind === "id" && this.subroutines.has(at.text) && this.peekAt(1).text === "(") {
      const returned = this.callSubroutine();
      this.expect(";");
      return this.assignReturned(returned, clbit, at);
    }
    if (at.kind === "id" && at.text !== "measure" && (this.peekAt(1).kind === "id" || this.peekAt(1).kind === "physical")) {
      // `c[0] = measure_2 q[0];` without the include: a device's own measurement (Qiskit writes a
      // calibrated one so).
      if (this.version === 3 && !Object.hasOwn(this.library, "x")) this.fail(at, `not supported by this simulator: '${at.text}', an instruction the program does not define (a device's own, with no definition to simulate)`);
      this.fail(at, `only a measurement can be assigned to '${clbit.token.text}' here, not '${at.text}'`);
    }
    if (at.kind !== "id" || at.text !== "measure") {
      const value = this.classical(parseExpression(this, this.guard), at);
      this.expect(";");
      return this.assignBits(clbit, value, at);
    }
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
    const notBits = this.is("!") && this.peekAt(1).kind === "id" && this.cregs.has(this.peekAt(1).text);
    if (this.version !== 2 && !(first.kind === "id" && this.cregs.has(first.text) && this.onlyBits()) && !(notBits && this.onlyBits())) return this.generalConditional(at);
    // if (c[0] && c[1] == 0): every term must hold (no else: its negation is no conjunction).
    const terms = [this.conditionTerm()];
    while (this.version !== 2 && this.is("&&")) {
      this.next();
      terms.push(this.conditionTerm());
    }
    this.expect(")");
    if (this.version !== 2) return this.measuredIf(terms, at);
    this.under(terms, at);
  }

  // The body of an `if` on measured bits under its conditions, and an `else` under their negation.
  // When a block or an else could write the bits the conditions read, the test is taken once,
  // before them, into a slot: what the body measures does not change what runs after it.
  private measuredIf(conditions: Condition[], at: Token) {
    const start = this.position;
    const bodyEnd = this.statementEnd(start, false);
    const hasElse = this.tokens[bodyEnd]?.kind === "id" && this.tokens[bodyEnd].text === "else";
    let taken = conditions;
    if ((this.is("{") || hasElse) && this.writesBits(start, this.statementEnd(start, true))) {
      taken = [{ test: this.snapshot(this.conditionExpr(this.allOf(conditions)), at) }];
    }
    this.under(taken, at);
    if (!this.is("else")) return;
    this.next();
    this.under([this.negate(this.allOf(taken))], at);
  }

  // Whether the tokens from `start` to `end` may write bits: a measurement, a subroutine call, or
  // a register (or an index of one) before `=` or a compound assignment.
  private writesBits(start: number, end: number) {
    const assigns = (token: Token | undefined) => token?.kind === "symbol" && (token.text === "=" || Object.hasOwn(COMPOUND, token.text));
    for (let k = start; k < end; k += 1) {
      const token = this.tokens[k];
      if (token.kind !== "id") continue;
      if (token.text === "measure" || (this.subroutines.has(token.text) && this.tokens[k + 1].text === "(")) return true;
      if (!this.cregs.has(token.text)) continue;
      let after = k + 1;
      if (this.tokens[after].text === "[") {
        for (let depth = 0; after < end; after += 1) {
          const text = this.tokens[after].text;
          if (text === "[") depth += 1;
          else if (text === "]" && --depth === 0) break;
        }
        after += 1;
      }
      if (assigns(this.tokens[after])) return true;
    }
    return false;
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
    let computed: ClassicalExpr | undefined;
    let constant: number | undefined;
    if (target.kind === "id" && this.cregs.has(target.text)) {
      const arg = this.argument(this.cregs, "classical register");
      bits = arg.index === undefined ? Array.from({ length: arg.register.size }, (_, k) => bitOf(arg.register, k)) : [bitOf(arg.register, arg.index)];
    } else {
      // A number known now, or a variable holding bits (Qiskit's switch_dummy = c).
      const value = this.classical(parseExpression(this, this.guard), target);
      if (typeof value === "number") {
        if (!Number.isSafeInteger(value)) this.fail(target, `expected a whole number but found ${value}`);
        constant = value;
      } else if (value.kind === "bits") bits = value.clbits;
      else computed = this.exprOf(value);
    }
    this.expect(")");
    const width = bits?.length;
    // Cases that may write the bits switched on: the value is taken once, into a slot, before them.
    if (bits && this.writesBits(this.position, this.statementEnd(this.position))) {
      computed = this.snapshot({ kind: "bits", clbits: bits }, at);
      bits = undefined;
    }
    this.expect("{");
    const seen = new Set<number>();
    let matched = false;
    let sawDefault = false;
    if (bits) this.switched.push(new Set(bits));
    while (!this.is("}")) {
      const label = this.next();
      if (sawDefault) this.fail(label, `expected '}' after the default case but found '${label.text}'`);
      const values: number[] = [];
      // Qiskit's first switch syntax labels cases `case 0: { … } break;`, several labels (`case 1:
      // case 2:`) sharing one block; `colon` marks it, and the `break;` after the block is read too.
      let colon = false;
      if (label.text === "case" && label.kind === "id") {
        for (;;) {
          const valueAt = this.peek();
          const value = this.wholeNumber();
          if (width !== undefined && (value < 0 || (width < 53 && value >= 2 ** width))) this.fail(valueAt, `${value} does not fit in ${width} bit(s)`);
          if (seen.has(value)) this.fail(valueAt, `case ${value} is already handled`);
          seen.add(value);
          values.push(value);
          if (this.is(":")) {
            this.next();
            colon = true;
            if (!(this.is("case") && this.peek().kind === "id")) break;
            this.next();
          } else if (!colon && this.is(",")) this.next();
          else break;
        }
      } else if (label.text === "default" && label.kind === "id") {
        sawDefault = true;
        if (this.is(":")) {
          this.next();
          colon = true;
        }
      } else this.fail(label, `expected 'case', 'default' or '}' but found '${label.text}'`);
      if (!this.is("{")) this.fail(this.peek(), `expected '{' but found '${this.peek().text}'`);
      this.switchCase(at, bits, computed, values, sawDefault ? [...seen] : undefined, () => {
        const runs: boolean = sawDefault ? !matched : values.includes(constant!);
        matched ||= runs;
        return runs;
      });
      if (colon && this.is("break") && this.peek().kind === "id") {
        this.next();
        this.expect(";");
      }
    }
    this.next();
    if (bits) this.switched.pop();
  }

  // One case's block: decided now on a constant (`runs`), else read under `bits == value` once per
  // value, or for default (`others`: the values of every case) under `bits != ` each of them.
  // A value computed while the circuit runs (`computed`) is compared the same way, by tests.
  private switchCase(at: Token, bits: number[] | undefined, computed: ClassicalExpr | undefined, values: number[], others: number[] | undefined, runs: () => boolean) {
    if (!bits && !computed) {
      this.decisions += 1;
      if (runs()) this.block(at);
      else this.skipStatement(false);
      return;
    }
    const equals = (value: number): Condition => (bits ? { clbits: bits, value } : { test: { kind: "binary", op: "==", left: computed!, right: { kind: "number", value } } });
    if (others) {
      const conditions = others.map((value): Condition => this.negate(equals(value)));
      this.charge(at, conditions.length * (bits?.length ?? 1));
      this.withConditions(conditions, () => this.block(at));
      return;
    }
    const bodyStart = this.position;
    for (const value of values) {
      this.position = bodyStart;
      this.withConditions([equals(value)], () => this.block(at));
      this.charge(at, this.position - bodyStart);
    }
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
      this.scoped(() => {
        while (!this.is("}")) {
          if (this.peek().kind === "eof") this.fail(this.peek(), "expected '}' but found 'end of input'");
          this.statement();
        }
      });
      this.next();
    } else {
      const token = this.peek();
      if (token.text === "if" && this.version === 2) this.fail(token, "OpenQASM 2.0 does not nest if");
      this.scoped(() => this.statement());
    }
    this.conditions.length = before;
    this.conditionDepth -= 1;
    this.conditionsChanged();
  }

  // One shared list of the conditions in force (instructions keep a reference, not a copy).
  private conditionsChanged() {
    this.when = copyConditions(this.conditions);
    this.whenBits = this.conditions.reduce((sum, c) => sum + ("test" in c ? 1 : c.clbits.length), 0);
  }

  private cast(type: ClassicalType, value: number, at: Token): number {
    return castTo(type.name, type.width, value, at);
  }

  // def name(qubit a, qubit[2] b, angle[32] theta, bit c) -> bit { … }: the signature is read now;
  // the body is read again, inlined, at every call (as a loop's body is at every iteration).
  private subroutineDefinition() {
    this.next();
    const name = this.identifier("a subroutine name");
    if (this.subroutines.has(name.text) || this.gates.has(name.text) || Object.hasOwn(this.library, name.text)) this.fail(name, `'${name.text}' is already defined`);
    if (this.qregs.has(name.text) || this.cregs.has(name.text) || this.isClassicalName(name.text)) this.fail(name, `'${name.text}' is already declared`);
    this.expect("(");
    const params: SubroutineParam[] = [];
    while (!this.is(")")) {
      const typeToken = this.peek();
      let param: SubroutineParam;
      if (typeToken.kind === "id" && ["qubit", "bit", "qreg", "creg"].includes(typeToken.text)) {
        this.next();
        const kind = typeToken.text === "qubit" || typeToken.text === "qreg" ? "qubit" : "bit";
        const size = () => {
          this.expect("[");
          const n = this.integer();
          if (n.value < 1) this.fail(n.token, "a register needs at least one bit");
          this.expect("]");
          return n.value;
        };
        let width = this.is("[") ? size() : undefined;
        const paramName = this.identifier("a parameter name");
        if (width === undefined && this.is("[") && (typeToken.text === "qreg" || typeToken.text === "creg")) width = size();
        param = { name: paramName, kind, size: width ?? 1 };
      } else if (typeToken.kind === "id" && ["readonly", "mutable", "array"].includes(typeToken.text)) {
        return this.fail(typeToken, "not supported by this simulator: array parameters");
      } else {
        const type = this.classicalType();
        if (!NUMERIC_TYPES.has(type.name) && type.name !== "bool") this.fail(type.token, `not supported by this simulator: ${type.name} parameters`);
        param = { name: this.identifier("a parameter name"), kind: "value", type };
      }
      if (params.some((other) => other.name.text === param.name.text)) this.fail(param.name, `parameter '${param.name.text}' is named twice`);
      params.push(param);
      if (this.is(",")) this.next();
      else break;
    }
    this.expect(")");
    let returns: ClassicalType | undefined;
    if (this.is("->")) {
      this.next();
      returns = this.classicalType(true);
      if (!NUMERIC_TYPES.has(returns.name) && returns.name !== "bool" && returns.name !== "bit") this.fail(returns.token, `not supported by this simulator: returning ${returns.name}`);
    }
    if (!this.is("{")) this.fail(this.peek(), `expected '{' but found '${this.peek().text}'`);
    this.subroutines.set(name.text, { name: name.text, params, ...(returns ? { returns } : {}), bodyStart: this.position, token: name });
    this.skipStatement(false);
  }

  // name(args): the body read again with the parameters bound (qubits and bits as aliases of the
  // arguments, values as constants), under the conditions in force at the call. Every call is
  // charged its tokens, and calls nest at most QUANTUM_MAX_GATE_NESTING deep (recursion included).
  private callSubroutine(): Returned {
    const token = this.next();
    const sub = this.subroutines.get(token.text)!;
    this.expect("(");
    const qregs = new Map<string, Register>();
    const cregs = new Map<string, Register>();
    const values: Record<string, number> = Object.create(null) as Record<string, number>;
    const readonly = new Set<number>();
    const arity = () => this.fail(token, `subroutine '${sub.name}' takes ${sub.params.length} argument(s)`);
    sub.params.forEach((param, k) => {
      if (this.is(")")) arity();
      if (k > 0) this.expect(",");
      if (param.kind === "value") {
        const at = this.peek();
        values[param.name.text] = this.cast(param.type!, this.known(parseExpression(this, this.guard), at, `the argument '${param.name.text}' of '${sub.name}'`), at);
        return;
      }
      const quantum = param.kind === "qubit";
      const arg = this.argument(quantum ? this.qregs : this.cregs, quantum ? "quantum register" : "classical register");
      const bits = bitsOfArg(arg);
      this.charge(arg.token, bits.length);
      if (bits.length !== param.size) this.fail(arg.token, `'${param.name.text}' of '${sub.name}' is ${param.size} ${quantum ? "qubit" : "bit"}(s), not ${bits.length}`);
      (quantum ? qregs : cregs).set(param.name.text, { name: param.name.text, size: bits.length, offset: 0, bits });
      if (!quantum) for (const bit of bits) readonly.add(bit);
    });
    if (!this.is(")")) arity();
    this.next();
    const qubits = [...qregs.values()].flatMap((register) => register.bits!);
    if (new Set(qubits).size !== qubits.length) this.fail(token, `subroutine '${sub.name}' is given the same qubit twice`);
    if (this.callDepth >= this.limits.maxGateNesting) this.overLimit(token, "maxGateNesting", "subroutine calls nest deeper than");
    const saved = {
      position: this.position, qregs: this.qregs, cregs: this.cregs, constants: this.constants, readonly: this.readonlyBits, variables: this.variables,
      callConditions: this.callConditions, blocks: this.blocks, conditionDepth: this.conditionDepth, current: this.currentSubroutine,
    };
    // The body sees its parameters and the program's constants and inputs, nothing else.
    const scope: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const name of this.globalConstants) scope[name] = saved.constants[name];
    this.constants = Object.assign(scope, values);
    this.variables = new Map();
    this.qregs = qregs;
    this.cregs = cregs;
    this.readonlyBits = new Set([...saved.readonly, ...readonly]);
    this.callConditions = this.conditions.length;
    this.currentSubroutine = sub;
    this.callDepth += 1;
    const loops = { depth: this.loopDepth, conditions: this.loopConditions, contexts: this.loops };
    this.loopDepth = 0;
    this.loops = [];
    this.position = sub.bodyStart;
    let returned: Returned = { kind: "none" };
    try {
      this.block(token);
    } catch (signal) {
      if (!(signal instanceof ReturnSignal)) throw signal;
      returned = signal.returned;
    }
    const read = this.position - sub.bodyStart;
    ({ position: this.position, qregs: this.qregs, cregs: this.cregs, constants: this.constants, blocks: this.blocks, variables: this.variables } = saved);
    ({ callConditions: this.callConditions, conditionDepth: this.conditionDepth, current: this.currentSubroutine, readonly: this.readonlyBits } = saved);
    this.callDepth -= 1;
    ({ depth: this.loopDepth, conditions: this.loopConditions, contexts: this.loops } = loops);
    this.charge(token, REPETITION_STEPS + read);
    return returned;
  }

  // return;  return measure a;  return <expression>;
  private returnStatement() {
    const at = this.next();
    const sub = this.currentSubroutine;
    if (!sub) return this.fail(at, "return outside a subroutine");
    if (this.conditions.length > this.callConditions) this.fail(at, "not supported by this simulator: return under a condition on measured bits (depends on a measurement)");
    if (this.is(";")) {
      this.next();
      if (sub.returns) this.fail(at, `subroutine '${sub.name}' must return a ${sub.returns.name}`);
      throw new ReturnSignal({ kind: "none" });
    }
    if (!sub.returns) this.fail(this.peek(), `subroutine '${sub.name}' returns nothing (declare it with '-> type')`);
    if (this.is("measure")) {
      this.next();
      const qubits = bitsOfArg(this.argument(this.qregs, "quantum register"));
      this.expect(";");
      if (sub.returns!.name !== "bit") this.fail(at, `not supported by this simulator: returning a measurement as ${sub.returns!.name} (return it as bit or bit[n])`);
      const width = sub.returns!.width ?? 1;
      if (qubits.length !== width) this.fail(at, `subroutine '${sub.name}' returns ${width} bit(s), not ${qubits.length}`);
      throw new ReturnSignal({ kind: "measure", qubits, at });
    }
    const valueAt = this.peek();
    const value = this.known(parseExpression(this, this.guard), valueAt, "a returned value");
    this.expect(";");
    throw new ReturnSignal({ kind: "value", value: this.cast(sub.returns!, value, valueAt), at });
  }

  // name(args);  (a measurement it returns must go into bits: assign the call)
  private subroutineStatement() {
    const token = this.peek();
    const returned = this.callSubroutine();
    this.expect(";");
    if (returned.kind === "measure") this.fail(token, `not supported by this simulator: discarding the measurement '${token.text}' returns (assign it to bits)`);
  }

  // c[0] = name(args);  c = name(args);
  private assignReturned(returned: Returned, target: Arg, at: Token) {
    if (returned.kind === "none") return this.fail(at, `subroutine '${at.text}' returns nothing`);
    if (returned.kind === "measure") {
      const qubits: Arg = { register: { name: at.text, size: returned.qubits.length, offset: 0, bits: returned.qubits }, token: at };
      return this.measureInto(qubits, target, at);
    }
    this.assignBits(target, returned.value, at);
  }

  // A value written into bits (bit k of the value into the k-th bit): a step of the running
  // program, unless it changes nothing (0 into bits nothing has written).
  private assignBits(target: Arg, value: number | Runtime, at: Token) {
    const bits = bitsOfArg(target);
    if (value === 0 && !this.when && bits.every((bit) => !this.writtenClbits.has(bit) && !this.readonlyBits.has(bit))) return;
    // Wrapped to the bits' width, as a cast to bit[n] does.
    const wrapped: ClassicalExpr = typeof value === "number" ? { kind: "number", value: castTo("bit", bits.length, value, at) } : { kind: "convert", type: "bit", width: bits.length, arg: this.exprOf(value) };
    this.push({ kind: "write", clbits: bits, value: wrapped }, at);
  }

  private resolve(token: Token): Target {
    const def = this.gates.get(token.text);
    if (def) return def;
    const known = Object.hasOwn(this.library, token.text) ? this.library[token.text] : undefined;
    if (known) return known;
    // OpenQASM 3 without the include: Qiskit writes a circuit for a device's basis gates that way
    // (`x $0;`, no include), the device defining them; a simulator's device is stdgates.inc.
    if (this.version === 3 && Object.hasOwn(STDGATES, token.text)) return STDGATES[token.text];
    // Without the include, a name that is neither defined nor standard is the device's own
    // instruction (Qiskit writes an opaque basis instruction so): nothing says what it does.
    if (this.version === 3 && !Object.hasOwn(this.library, "x")) this.fail(token, `not supported by this simulator: '${token.text}', an instruction the program does not define (a device's own, with no definition to simulate)`);
    const hint = this.version === 2 && (Object.hasOwn(QELIB1_ORIGINAL, token.text) || Object.hasOwn(QELIB1_EXTENDED, token.text) || token.text === "rccx" || token.text === "rc3x") ? ` (add include "qelib1.inc";)` : "";
    return this.fail(token, `unknown gate '${token.text}'${hint}`);
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
        const exponent = this.known(parseExpression(this, this.guard), token, "the exponent of pow");
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
    if (this.subroutines.has(name.text)) this.fail(name, `'${name.text}' is already defined as a subroutine`);
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
          if (this.variables.has(found.name)) this.fail(found.token, `a gate can use only constants, not the variable '${found.name}'`);
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

  private parameterList(starts: Token[] = []): Expr[] {
    if (!this.is("(")) return [];
    this.next();
    const params: Expr[] = [];
    while (!this.is(")")) {
      starts.push(this.peek());
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
    const starts: Token[] = [];
    const params = this.parameterList(starts).map((expr, k) => this.known(expr, starts[k], `a parameter of '${token.text}'`));
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

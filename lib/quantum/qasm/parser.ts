// OpenQASM 2.0 → Circuit. Accepts the header, include "qelib1.inc", qreg/creg, gate definitions,
// the qelib1 gates (and U, CX), measure, barrier and comments; registers broadcast as the
// specification says (`h q;`, `cx a, b;` over equal sizes, `measure q -> c;`). Measurement ends a
// qubit's life: a gate on a measured qubit is refused (no mid-circuit measurement), as are reset,
// if and opaque. Every error names its line and column.
import { GATES, type GateOp } from "../simulator/gates";
import type { Circuit, Measurement } from "../simulator/circuit";
import { evaluate, parseExpression, type Cursor, type Expr } from "./expression";
import { QasmError, tokenize, type Token } from "./lexer";

type Register = { name: string; size: number; offset: number };
type Arg = { register: Register; index?: number; token: Token };
type BodyCall = { name: string; params: Expr[]; args: Token[]; token: Token };
type GateDef = { params: string[]; args: string[]; body: BodyCall[] };

const ALIASES: Record<string, string> = { U: "u3", CX: "cx" };
const MAX_DEPTH = 32;

class Parser implements Cursor {
  private position = 0;
  private qregs = new Map<string, Register>();
  private cregs = new Map<string, Register>();
  private qubits = 0;
  private clbits = 0;
  private gates = new Map<string, GateDef>();
  private ops: GateOp[] = [];
  private measurements: Measurement[] = [];
  private measured = new Set<number>();

  constructor(private readonly tokens: Token[]) {}

  peek = () => this.tokens[this.position];
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

  parse(): Circuit {
    this.header();
    while (this.peek().kind !== "eof") this.statement();
    if (this.qubits === 0) this.fail(this.peek(), "the program declares no qubits (qreg)");
    if (this.measurements.length === 0) {
      // Nothing measured: every qubit is measured into a bit of its own.
      return { qubits: this.qubits, clbits: this.qubits, ops: this.ops, measurements: Array.from({ length: this.qubits }, (_, k) => ({ qubit: k, clbit: k })) };
    }
    return { qubits: this.qubits, clbits: this.clbits, ops: this.ops, measurements: this.measurements };
  }

  private header() {
    if (this.peek().text !== "OPENQASM") return;
    this.next();
    const version = this.next();
    if (version.kind !== "number") this.fail(version, `expected a version number but found '${version.text}'`);
    if (!version.text.startsWith("2")) this.fail(version, `OpenQASM ${version.text} is not accepted here; send OpenQASM 2.0`);
    this.expect(";");
  }

  private statement() {
    const token = this.peek();
    if (token.kind !== "id") this.fail(token, `expected a statement but found '${token.text}'`);
    switch (token.text) {
      case "include": return this.include();
      case "qreg": case "creg": return this.register(token.text);
      case "gate": return this.gateDefinition();
      case "measure": return this.measure();
      case "barrier": return this.barrier();
      case "OPENQASM": return this.fail(token, "the OPENQASM header must come first");
      case "reset": case "if": case "opaque":
        return this.fail(token, `'${token.text}' is not supported by this simulator`);
      default: return this.gateCall();
    }
  }

  private include() {
    this.next();
    const file = this.next();
    if (file.kind !== "string") this.fail(file, `expected a file name in quotes but found '${file.text}'`);
    if (file.text !== "qelib1.inc") this.fail(file, `only "qelib1.inc" can be included, not "${file.text}"`);
    this.expect(";");
  }

  private register(kind: string) {
    this.next();
    const name = this.identifier("a register name");
    if (this.qregs.has(name.text) || this.cregs.has(name.text)) this.fail(name, `register '${name.text}' is already declared`);
    this.expect("[");
    const size = this.integer();
    if (size.value < 1) this.fail(size.token, "a register needs at least one bit");
    this.expect("]");
    this.expect(";");
    if (kind === "qreg") {
      this.qregs.set(name.text, { name: name.text, size: size.value, offset: this.qubits });
      this.qubits += size.value;
    } else {
      this.cregs.set(name.text, { name: name.text, size: size.value, offset: this.clbits });
      this.clbits += size.value;
    }
  }

  private argument(registers: Map<string, Register>, what: string): Arg {
    const token = this.identifier(what);
    const register = registers.get(token.text);
    if (!register) this.fail(token, `unknown ${what} '${token.text}'`);
    if (this.peek().text !== "[") return { register: register!, token };
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
    return Array.from({ length: count }, (_, k) => args.map((arg) => arg.register.offset + (arg.index ?? k)));
  }

  private measure() {
    const at = this.next();
    const qubit = this.argument(this.qregs, "quantum register");
    this.expect("->");
    const clbit = this.argument(this.cregs, "classical register");
    this.expect(";");
    const qubitSize = qubit.index === undefined ? qubit.register.size : 1;
    const clbitSize = clbit.index === undefined ? clbit.register.size : 1;
    if (qubitSize !== clbitSize) this.fail(at, `measure needs as many bits as qubits (${qubitSize} qubits, ${clbitSize} bits)`);
    for (const [q, c] of this.broadcast([qubit, clbit], at)) {
      this.measurements.push({ qubit: q, clbit: c });
      this.measured.add(q);
    }
  }

  private barrier() {
    this.next();
    this.argument(this.qregs, "quantum register");
    while (this.peek().text === ",") {
      this.next();
      this.argument(this.qregs, "quantum register");
    }
    this.expect(";");
  }

  private gateDefinition() {
    this.next();
    const name = this.identifier("a gate name");
    if (GATES[name.text] || ALIASES[name.text] || this.gates.has(name.text)) this.fail(name, `gate '${name.text}' is already defined`);
    const params: string[] = [];
    if (this.peek().text === "(") {
      this.next();
      while (this.peek().text !== ")") {
        params.push(this.identifier("a parameter name").text);
        if (this.peek().text === ",") this.next();
        else break;
      }
      this.expect(")");
    }
    const args = [this.identifier("a qubit argument").text];
    while (this.peek().text === ",") {
      this.next();
      args.push(this.identifier("a qubit argument").text);
    }
    this.expect("{");
    const body: BodyCall[] = [];
    while (this.peek().text !== "}") {
      const token = this.identifier("a gate");
      if (token.text === "barrier") {
        while (this.peek().text !== ";" && this.peek().kind !== "eof") this.next();
        this.expect(";");
        continue;
      }
      const callParams = this.parameterList();
      const callArgs = [this.identifier("a qubit argument")];
      while (this.peek().text === ",") {
        this.next();
        callArgs.push(this.identifier("a qubit argument"));
      }
      this.expect(";");
      for (const arg of callArgs) if (!args.includes(arg.text)) this.fail(arg, `'${arg.text}' is not an argument of gate '${name.text}'`);
      this.checkKnown(token, callParams.length, callArgs.length);
      body.push({ name: token.text, params: callParams, args: callArgs, token });
    }
    this.expect("}");
    for (const call of body) this.checkParams(call.params, params);
    this.gates.set(name.text, { params, args, body });
  }

  private checkParams(exprs: Expr[], names: string[]) {
    const visit = (expr: Expr): void => {
      if (expr.kind === "name" && !names.includes(expr.name)) this.fail(expr.token, `unknown parameter '${expr.name}'`);
      if (expr.kind === "unary") visit(expr.operand);
      if (expr.kind === "call") visit(expr.arg);
      if (expr.kind === "binary") {
        visit(expr.left);
        visit(expr.right);
      }
    };
    exprs.forEach(visit);
  }

  private parameterList(): Expr[] {
    if (this.peek().text !== "(") return [];
    this.next();
    const params: Expr[] = [];
    while (this.peek().text !== ")") {
      params.push(parseExpression(this));
      if (this.peek().text === ",") this.next();
      else break;
    }
    this.expect(")");
    return params;
  }

  private checkKnown(token: Token, params: number, qubits: number) {
    const name = ALIASES[token.text] ?? token.text;
    const spec = GATES[name] ?? (this.gates.has(name) ? { params: this.gates.get(name)!.params.length, qubits: this.gates.get(name)!.args.length } : undefined);
    if (!spec) this.fail(token, `unknown gate '${token.text}'`);
    if (spec!.params !== params) this.fail(token, `gate '${token.text}' takes ${spec!.params} parameter(s), not ${params}`);
    if (spec!.qubits !== qubits) this.fail(token, `gate '${token.text}' acts on ${spec!.qubits} qubit(s), not ${qubits}`);
  }

  private gateCall() {
    const token = this.next();
    const params = this.parameterList().map((expr) => evaluate(expr, {}));
    const args = [this.argument(this.qregs, "quantum register")];
    while (this.peek().text === ",") {
      this.next();
      args.push(this.argument(this.qregs, "quantum register"));
    }
    this.expect(";");
    this.checkKnown(token, params.length, args.length);
    for (const param of params) if (!Number.isFinite(param)) this.fail(token, `a parameter of '${token.text}' is not a finite number`);
    for (const qubits of this.broadcast(args, token)) {
      if (new Set(qubits).size !== qubits.length) this.fail(token, `gate '${token.text}' uses the same qubit twice`);
      for (const q of qubits) if (this.measured.has(q)) this.fail(token, `qubit ${q} was already measured; mid-circuit measurement is not supported`);
      this.expand(token.text, params, qubits, token, 0);
    }
  }

  private expand(name: string, params: number[], qubits: number[], at: Token, depth: number) {
    const builtin = ALIASES[name] ?? name;
    if (GATES[builtin]) {
      this.ops.push({ name: builtin, qubits, params });
      return;
    }
    if (depth > MAX_DEPTH) this.fail(at, "gate definitions nest too deeply");
    const def = this.gates.get(name)!;
    const scope = Object.fromEntries(def.params.map((param, k) => [param, params[k]]));
    const map = Object.fromEntries(def.args.map((arg, k) => [arg, qubits[k]]));
    for (const call of def.body) {
      const values = call.params.map((expr) => evaluate(expr, scope));
      this.expand(call.name, values, call.args.map((arg) => map[arg.text]), call.token, depth + 1);
    }
  }
}

/** Parses OpenQASM 2.0; throws QasmError (line, column, message) on the first problem. */
export const parseQasm = (source: string): Circuit => new Parser(tokenize(source)).parse();

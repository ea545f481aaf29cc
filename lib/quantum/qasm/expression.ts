// Expressions: numbers, pi, true and false, names (parameters, constants, variables, bits), + − * /
// % ** (power; ^ too in OpenQASM 2.0, where it is XOR in OpenQASM 3), comparisons, && || !, the bitwise & | ~ << >>, unary minus, parentheses,
// sin, cos, tan, asin, acos, atan, exp, ln, sqrt, casts (int(x), uint[8](x), bool(b), …) and
// indices (c[0], x[1]: a bit of an integer).
// Every node records the depth of its tree, and the parser refuses a tree deeper than the limit
// it is given, so neither parsing nor evaluation can run out of stack, whatever the input
// (nested parentheses, long chains `1+1+1+…`, runs of unary minus).
import { binaryOp, ClassicalError, convertTo, unaryOp } from "../../simulator";
import { QasmError, type Token } from "./lexer";

type Node =
  | { kind: "number"; value: number }
  | { kind: "name"; name: string; token: Token }
  | { kind: "index"; name: string; token: Token; index: Expr }
  | { kind: "unary"; op: string; operand: Expr; token: Token }
  | { kind: "binary"; op: string; left: Expr; right: Expr; token: Token }
  | { kind: "call"; fn: string; arg: Expr }
  | { kind: "cast"; type: string; width?: number; arg: Expr; token: Token };

/** A node with the depth of its tree and its size (nodes in it: what one evaluation costs). */
export type Expr = Node & { depth: number; size: number };

const FUNCTIONS: Record<string, (x: number) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
  exp: Math.exp, ln: Math.log, sqrt: Math.sqrt,
};
/** Types that convert a value when called like a function: `int(x)`, `uint[8](x)`, `bool(b)`. */
export const CAST_TYPES = new Set(["int", "uint", "float", "angle", "bool", "bit"]);

/** The tokens an expression is read from; `version` 3 reads `^` as XOR (OpenQASM 3), else as a power (OpenQASM 2.0). */
export type Cursor = { peek: () => Token; next: () => Token; expect: (text: string) => Token; version?: 2 | 3 | "snippet" };

/** What the parser does when an expression grows past `maxDepth` (throws). */
export type DepthGuard = { maxDepth: number; tooDeep: (at: Token) => never };

const isSymbol = (token: Token, ...texts: string[]) => token.kind === "symbol" && texts.includes(token.text);

// Binary operators from the loosest to the tightest, as OpenQASM 3 (and C) bind them. `^` is the
// bitwise XOR between | and & in OpenQASM 3; in OpenQASM 2.0 it is the power, as `**` is.
const LEVELS_2 = [["||"], ["&&"], ["|"], ["&"], ["==", "!="], ["<", "<=", ">", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]];
const LEVELS_3 = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]];

// precedence: the LEVELS above < unary (-, !, ~) < power (right-associative) < primary
export const parseExpression = (cursor: Cursor, guard: DepthGuard): Expr => {
  // `nesting` counts the parser's own recursion (parentheses, calls, unary, powers) so that the
  // stack stays bounded even before a node is built.
  let nesting = 0;
  const xor = cursor.version === 3;
  const LEVELS = xor ? LEVELS_3 : LEVELS_2;
  const POWER = xor ? ["**"] : ["^", "**"];
  const enter = (at: Token) => {
    nesting += 1;
    if (nesting > guard.maxDepth) guard.tooDeep(at);
  };
  const node = (at: Token, expr: Node, ...children: Expr[]): Expr => {
    const depth = 1 + Math.max(0, ...children.map((child) => child.depth));
    if (depth > guard.maxDepth) guard.tooDeep(at);
    return { ...expr, depth, size: children.reduce((sum, child) => sum + child.size, 1) };
  };

  const level = (k: number): Expr => {
    if (k === LEVELS.length) return unary();
    let left = level(k + 1);
    while (isSymbol(cursor.peek(), ...LEVELS[k])) {
      const at = cursor.next();
      const right = level(k + 1);
      left = node(at, { kind: "binary", op: at.text === "^" ? "xor" : at.text, left, right, token: at }, left, right);
    }
    return left;
  };
  const unary = (): Expr => {
    const at = cursor.peek();
    if (isSymbol(at, "-", "+", "!", "~")) {
      cursor.next();
      enter(at);
      const operand = unary();
      nesting -= 1;
      return at.text === "+" ? operand : node(at, { kind: "unary", op: at.text, operand, token: at }, operand);
    }
    return power();
  };
  const power = (): Expr => {
    const base = primary();
    if (isSymbol(cursor.peek(), ...POWER)) {
      const at = cursor.next();
      enter(at);
      const exponent = unary();
      nesting -= 1;
      return node(at, { kind: "binary", op: "^", left: base, right: exponent, token: at }, base, exponent);
    }
    return base;
  };
  const inner = (at: Token): Expr => {
    cursor.expect("(");
    enter(at);
    const arg = level(0);
    nesting -= 1;
    cursor.expect(")");
    return arg;
  };
  const primary = (): Expr => {
    const token = cursor.next();
    if (token.kind === "number") return { kind: "number", value: Number(token.text), depth: 1, size: 1 };
    if (isSymbol(token, "(")) {
      enter(token);
      const inside = level(0);
      nesting -= 1;
      cursor.expect(")");
      return inside;
    }
    if (token.kind === "id") {
      if (token.text === "pi" || token.text === "π") return { kind: "number", value: Math.PI, depth: 1, size: 1 };
      if (token.text === "true" || token.text === "false") return { kind: "number", value: token.text === "true" ? 1 : 0, depth: 1, size: 1 };
      if (Object.hasOwn(FUNCTIONS, token.text)) {
        const arg = inner(token);
        return node(token, { kind: "call", fn: token.text, arg }, arg);
      }
      const next = cursor.peek();
      if (CAST_TYPES.has(token.text) && (isSymbol(next, "(") || isSymbol(next, "["))) {
        let width: number | undefined;
        if (isSymbol(next, "[")) {
          cursor.next();
          const size = cursor.next();
          if (size.kind !== "number" || !/^\d+$/.test(size.text) || Number(size.text) < 1) throw new QasmError(size.line, size.column, `expected a width (a whole number of at least 1) but found '${size.text}'`);
          width = Number(size.text);
          cursor.expect("]");
        }
        const arg = inner(token);
        return node(token, { kind: "cast", type: token.text, ...(width === undefined ? {} : { width }), arg, token }, arg);
      }
      if (isSymbol(next, "[")) {
        cursor.next();
        enter(token);
        const index = level(0);
        nesting -= 1;
        cursor.expect("]");
        return node(token, { kind: "index", name: token.text, token, index }, index);
      }
      return { kind: "name", name: token.text, token, depth: 1, size: 1 };
    }
    throw new QasmError(token.line, token.column, `expected a number, pi, a parameter or '(' but found '${token.text}'`);
  };

  return level(0);
};

// The operators and conversions are the simulator's (a value computed while reading and one
// computed while the circuit runs must agree); their errors are given the expression's place.
const located = <T>(at: Token, work: () => T): T => {
  try {
    return work();
  } catch (error) {
    if (error instanceof ClassicalError) throw new QasmError(at.line, at.column, error.message);
    throw error;
  }
};

/** A unary operator applied (the caller has checked that its operand is known). */
export const applyUnary = (op: string, a: number, at: Token): number => located(at, () => unaryOp(op, a));

/** A binary operator applied; comparisons and logical operators give 1 or 0. */
export const applyBinary = (op: string, a: number, b: number, at: Token): number => located(at, () => binaryOp(op, a, b));

/** A value converted to a classical type, as a cast or an assignment converts it (see convertTo). */
export const castTo = (type: string, width: number | undefined, value: number, at: Token): number => located(at, () => convertTo(type, width, value));

export const evaluate = (expr: Expr, scope: Record<string, number>): number => {
  const lookup = (name: string, token: Token) => {
    const value = Object.hasOwn(scope, name) ? scope[name] : undefined;
    if (value === undefined) throw new QasmError(token.line, token.column, `unknown parameter '${name}'`);
    return value;
  };
  switch (expr.kind) {
    case "number": return expr.value;
    case "name": return lookup(expr.name, expr.token);
    case "index": {
      const k = evaluate(expr.index, scope);
      return applyBinary("&", applyBinary(">>", lookup(expr.name, expr.token), k, expr.token), 1, expr.token);
    }
    case "unary": return applyUnary(expr.op, evaluate(expr.operand, scope), expr.token);
    case "call": return FUNCTIONS[expr.fn](evaluate(expr.arg, scope));
    case "cast": return castTo(expr.type, expr.width, evaluate(expr.arg, scope), expr.token);
    case "binary": return applyBinary(expr.op, evaluate(expr.left, scope), evaluate(expr.right, scope), expr.token);
  }
};

/** Every parameter name an expression uses (for checking a gate body against its definition). */
export const namesIn = (expr: Expr, found: Extract<Expr, { kind: "name" }>[] = []) => {
  switch (expr.kind) {
    case "name": found.push(expr); break;
    case "unary": namesIn(expr.operand, found); break;
    case "call": case "cast": namesIn(expr.arg, found); break;
    case "index": found.push({ kind: "name", name: expr.name, token: expr.token, depth: 1, size: 1 }); namesIn(expr.index, found); break;
    case "binary": namesIn(expr.left, found); namesIn(expr.right, found); break;
  }
  return found;
};

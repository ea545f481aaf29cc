// Gate parameter expressions: numbers, pi, the parameters of a gate definition, + − * / ^,
// unary minus, parentheses and sin, cos, tan, asin, acos, atan, exp, ln, sqrt.
// Every node records the depth of its tree, and the parser refuses a tree deeper than the limit
// it is given, so neither parsing nor evaluation can run out of stack, whatever the input
// (nested parentheses, long chains `1+1+1+…`, runs of unary minus).
import { QasmError, type Token } from "./lexer";

type Node =
  | { kind: "number"; value: number }
  | { kind: "name"; name: string; token: Token }
  | { kind: "unary"; operand: Expr }
  | { kind: "binary"; op: string; left: Expr; right: Expr }
  | { kind: "call"; fn: string; arg: Expr };

/** A node with the depth of its tree and its size (nodes in it: what one evaluation costs). */
export type Expr = Node & { depth: number; size: number };

const FUNCTIONS: Record<string, (x: number) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
  exp: Math.exp, ln: Math.log, sqrt: Math.sqrt,
};

export type Cursor = { peek: () => Token; next: () => Token; expect: (text: string) => Token };

/** What the parser does when an expression grows past `maxDepth` (throws). */
export type DepthGuard = { maxDepth: number; tooDeep: (at: Token) => never };

const isSymbol = (token: Token, ...texts: string[]) => token.kind === "symbol" && texts.includes(token.text);

// precedence: additive < multiplicative < unary minus < power (right-associative) < primary
export const parseExpression = (cursor: Cursor, guard: DepthGuard): Expr => {
  // `nesting` counts the parser's own recursion (parentheses, calls, unary, powers) so that the
  // stack stays bounded even before a node is built.
  let nesting = 0;
  const enter = (at: Token) => {
    nesting += 1;
    if (nesting > guard.maxDepth) guard.tooDeep(at);
  };
  const node = (at: Token, expr: Node, ...children: Expr[]): Expr => {
    const depth = 1 + Math.max(0, ...children.map((child) => child.depth));
    if (depth > guard.maxDepth) guard.tooDeep(at);
    return { ...expr, depth, size: children.reduce((sum, child) => sum + child.size, 1) };
  };

  const additive = (): Expr => {
    let left = term();
    while (isSymbol(cursor.peek(), "+", "-")) {
      const at = cursor.next();
      const right = term();
      left = node(at, { kind: "binary", op: at.text, left, right }, left, right);
    }
    return left;
  };
  const term = (): Expr => {
    let left = unary();
    while (isSymbol(cursor.peek(), "*", "/")) {
      const at = cursor.next();
      const right = unary();
      left = node(at, { kind: "binary", op: at.text, left, right }, left, right);
    }
    return left;
  };
  const unary = (): Expr => {
    const at = cursor.peek();
    if (isSymbol(at, "-", "+")) {
      cursor.next();
      enter(at);
      const operand = unary();
      nesting -= 1;
      return at.text === "-" ? node(at, { kind: "unary", operand }, operand) : operand;
    }
    return power();
  };
  const power = (): Expr => {
    const base = primary();
    if (isSymbol(cursor.peek(), "^")) {
      const at = cursor.next();
      enter(at);
      const exponent = unary();
      nesting -= 1;
      return node(at, { kind: "binary", op: "^", left: base, right: exponent }, base, exponent);
    }
    return base;
  };
  const primary = (): Expr => {
    const token = cursor.next();
    if (token.kind === "number") return { kind: "number", value: Number(token.text), depth: 1, size: 1 };
    if (isSymbol(token, "(")) {
      enter(token);
      const inner = additive();
      nesting -= 1;
      cursor.expect(")");
      return inner;
    }
    if (token.kind === "id") {
      if (token.text === "pi") return { kind: "number", value: Math.PI, depth: 1, size: 1 };
      if (Object.hasOwn(FUNCTIONS, token.text)) {
        cursor.expect("(");
        enter(token);
        const arg = additive();
        nesting -= 1;
        cursor.expect(")");
        return node(token, { kind: "call", fn: token.text, arg }, arg);
      }
      return { kind: "name", name: token.text, token, depth: 1, size: 1 };
    }
    throw new QasmError(token.line, token.column, `expected a number, pi, a parameter or '(' but found '${token.text}'`);
  };

  return additive();
};

export const evaluate = (expr: Expr, scope: Record<string, number>): number => {
  switch (expr.kind) {
    case "number": return expr.value;
    case "name": {
      const value = Object.hasOwn(scope, expr.name) ? scope[expr.name] : undefined;
      if (value === undefined) throw new QasmError(expr.token.line, expr.token.column, `unknown parameter '${expr.name}'`);
      return value;
    }
    case "unary": return -evaluate(expr.operand, scope);
    case "call": return FUNCTIONS[expr.fn](evaluate(expr.arg, scope));
    case "binary": {
      const a = evaluate(expr.left, scope);
      const b = evaluate(expr.right, scope);
      switch (expr.op) {
        case "+": return a + b;
        case "-": return a - b;
        case "*": return a * b;
        case "/": return a / b;
        default: return a ** b;
      }
    }
  }
};

/** Every parameter name an expression uses (for checking a gate body against its definition). */
export const namesIn = (expr: Expr, found: Extract<Expr, { kind: "name" }>[] = []) => {
  switch (expr.kind) {
    case "name": found.push(expr); break;
    case "unary": namesIn(expr.operand, found); break;
    case "call": namesIn(expr.arg, found); break;
    case "binary": namesIn(expr.left, found); namesIn(expr.right, found); break;
  }
  return found;
};

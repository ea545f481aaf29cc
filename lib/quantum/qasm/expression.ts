// Gate parameter expressions: numbers, pi, the parameters of a gate definition, + − * / ^,
// unary minus, parentheses and sin, cos, tan, asin, acos, atan, exp, ln, sqrt.
import { QasmError, type Token } from "./lexer";

export type Expr =
  | { kind: "number"; value: number }
  | { kind: "name"; name: string; token: Token }
  | { kind: "unary"; operand: Expr }
  | { kind: "binary"; op: string; left: Expr; right: Expr }
  | { kind: "call"; fn: string; arg: Expr };

const FUNCTIONS: Record<string, (x: number) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
  exp: Math.exp, ln: Math.log, sqrt: Math.sqrt,
};

export type Cursor = { peek: () => Token; next: () => Token; expect: (text: string) => Token };

// precedence: additive < multiplicative < unary minus < power (right-associative) < primary
export const parseExpression = (cursor: Cursor): Expr => {
  let left = parseTerm(cursor);
  while (["+", "-"].includes(cursor.peek().text) && cursor.peek().kind === "symbol") {
    const op = cursor.next().text;
    left = { kind: "binary", op, left, right: parseTerm(cursor) };
  }
  return left;
};

const parseTerm = (cursor: Cursor): Expr => {
  let left = parseUnary(cursor);
  while (["*", "/"].includes(cursor.peek().text) && cursor.peek().kind === "symbol") {
    const op = cursor.next().text;
    left = { kind: "binary", op, left, right: parseUnary(cursor) };
  }
  return left;
};

const parseUnary = (cursor: Cursor): Expr => {
  if (cursor.peek().kind === "symbol" && cursor.peek().text === "-") {
    cursor.next();
    return { kind: "unary", operand: parseUnary(cursor) };
  }
  if (cursor.peek().kind === "symbol" && cursor.peek().text === "+") {
    cursor.next();
    return parseUnary(cursor);
  }
  return parsePower(cursor);
};

const parsePower = (cursor: Cursor): Expr => {
  const base = parsePrimary(cursor);
  if (cursor.peek().kind === "symbol" && cursor.peek().text === "^") {
    cursor.next();
    return { kind: "binary", op: "^", left: base, right: parseUnary(cursor) };
  }
  return base;
};

const parsePrimary = (cursor: Cursor): Expr => {
  const token = cursor.next();
  if (token.kind === "number") return { kind: "number", value: Number(token.text) };
  if (token.kind === "symbol" && token.text === "(") {
    const inner = parseExpression(cursor);
    cursor.expect(")");
    return inner;
  }
  if (token.kind === "id") {
    if (token.text === "pi") return { kind: "number", value: Math.PI };
    if (FUNCTIONS[token.text]) {
      cursor.expect("(");
      const arg = parseExpression(cursor);
      cursor.expect(")");
      return { kind: "call", fn: token.text, arg };
    }
    return { kind: "name", name: token.text, token };
  }
  throw new QasmError(token.line, token.column, `expected a number, pi, a parameter or '(' but found '${token.text}'`);
};

export const evaluate = (expr: Expr, scope: Record<string, number>): number => {
  switch (expr.kind) {
    case "number": return expr.value;
    case "name": {
      const value = scope[expr.name];
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

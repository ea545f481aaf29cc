// The classical side of a dynamic circuit: the operators and type conversions of OpenQASM 3's
// classical values, and their evaluation while a branch runs, over the branch's bits and
// variables. The parser applies the same operators to what it knows while reading, so a value
// computed then and one computed while running agree.
//
// Values are numbers: whole ones (bits read as unsigned, int, uint, bool as 0/1) are exact up to
// 2^53, where the bitwise operators work; anything past that is an error, never a rounded result.
import { SimulatorError } from "../errors";
import type { ClassicalExpr, Condition } from "../passes/circuit";

/** A classical operation that has no value: a bitwise operator on a fraction, a shift past 64, … */
export class ClassicalError extends SimulatorError {
  constructor(message: string) {
    super(message);
    this.name = "ClassicalError";
  }
}

const whole = (value: number, op: string) => {
  if (!Number.isSafeInteger(value)) {
    throw new ClassicalError(op === "xor" ? `'^' is XOR in OpenQASM 3 and needs whole numbers, not ${value} (a power is written **)` : `'${op}' needs whole numbers, not ${value}`);
  }
  return BigInt(value);
};
const fromBig = (value: bigint) => {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new ClassicalError(`${value} is too large a whole number for this simulator (at most 2^53)`);
  return result;
};

/** A unary operator: `-`, `!` (1 for 0, else 0) or `~` (bitwise, on a whole number). */
export const unaryOp = (op: string, a: number): number => {
  if (op === "-") return -a;
  if (op === "!") return a === 0 ? 1 : 0;
  return fromBig(~whole(a, op));
};

/** A binary operator; comparisons and logical operators give 1 or 0; `^` is the power, `xor` the exclusive or. */
export const binaryOp = (op: string, a: number, b: number): number => {
  switch (op) {
    case "+": return a + b;
    case "-": return a - b;
    case "*": return a * b;
    case "/": return a / b;
    case "%": return a % b;
    case "^": return a ** b;
    case "==": return a === b ? 1 : 0;
    case "!=": return a !== b ? 1 : 0;
    case "<": return a < b ? 1 : 0;
    case "<=": return a <= b ? 1 : 0;
    case ">": return a > b ? 1 : 0;
    case ">=": return a >= b ? 1 : 0;
    case "&&": return a !== 0 && b !== 0 ? 1 : 0;
    case "||": return a !== 0 || b !== 0 ? 1 : 0;
  }
  const x = whole(a, op);
  const y = whole(b, op);
  switch (op) {
    case "&": return fromBig(x & y);
    case "|": return fromBig(x | y);
    case "xor": return fromBig(x ^ y);
  }
  if (y < 0n || y > 64n) throw new ClassicalError(`a shift by ${y} is outside 0…64`);
  return fromBig(op === "<<" ? x << y : x >> y);
};

/**
 * A value converted to a classical type, as a cast or an assignment converts it: int and uint
 * truncate and wrap at their width (32 bits without one), bool and bit are 0 or 1, bit[n] wraps,
 * angle wraps into [0, 2π) (onto its 2^n steps with a width), float[32] rounds to single precision.
 */
export const convertTo = (type: string, width: number | undefined, value: number): number => {
  if (Number.isNaN(value)) throw new ClassicalError("the value is not a number");
  if (type === "bool" || (type === "bit" && width === undefined)) return value !== 0 ? 1 : 0;
  if (!Number.isFinite(value)) throw new ClassicalError(`${value} is not a finite number`);
  switch (type) {
    case "bit": return fromBig(BigInt.asUintN(width!, BigInt(Math.trunc(value))));
    case "int": case "uint": {
      const big = BigInt(Math.trunc(value));
      return fromBig(type === "int" ? BigInt.asIntN(width ?? 32, big) : BigInt.asUintN(width ?? 32, big));
    }
    case "float": return width !== undefined && width <= 32 ? Math.fround(value) : value;
    case "angle": {
      const turn = 2 * Math.PI;
      const wrapped = ((value % turn) + turn) % turn;
      if (width === undefined || width > 52) return wrapped;
      const steps = 2 ** width;
      return (Math.round((wrapped / turn) * steps) % steps) * (turn / steps);
    }
  }
  throw new ClassicalError(`not supported by this simulator: ${type} values`);
};

/** The unsigned number some bits hold (the first one least significant). */
export const bitsValue = (clbits: number[], bits: Uint8Array) => {
  let value = 0;
  for (let k = clbits.length - 1; k >= 0; k -= 1) value = value * 2 + bits[clbits[k]];
  return value;
};

/** A classical expression's value in a branch: its bits and its variables' values. */
export const evaluateClassical = (expr: ClassicalExpr, bits: Uint8Array, variables: Float64Array): number => {
  switch (expr.kind) {
    case "number": return expr.value;
    case "bits": return bitsValue(expr.clbits, bits);
    case "variable": return variables[expr.slot];
    case "unary": return unaryOp(expr.op, evaluateClassical(expr.arg, bits, variables));
    case "binary": return binaryOp(expr.op, evaluateClassical(expr.left, bits, variables), evaluateClassical(expr.right, bits, variables));
    case "convert": return convertTo(expr.type, expr.width, evaluateClassical(expr.arg, bits, variables));
  }
};

/** Whether a condition holds in a branch. */
export const conditionHolds = (condition: Condition, bits: Uint8Array, variables: Float64Array): boolean => {
  const holds = "test" in condition ? evaluateClassical(condition.test, bits, variables) !== 0 : bitsValue(condition.clbits, bits) === condition.value;
  return holds !== Boolean(condition.negate);
};

/** Whether every condition of a step holds (no conditions: it always runs). */
export const allHold = (conditions: Condition[] | undefined, bits: Uint8Array, variables: Float64Array) => {
  if (!conditions) return true;
  for (const condition of conditions) if (!conditionHolds(condition, bits, variables)) return false;
  return true;
};

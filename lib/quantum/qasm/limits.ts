// The bounds a program is read under. Each is checked while the program is read, before the
// thing it bounds is allocated or expanded; the settings that set them are named in the errors.
import { QasmError } from "./lexer";

export type QasmLimits = {
  /** UTF-8 bytes of program text. */
  maxSourceBytes: number;
  /** Qubits over all quantum registers. */
  maxQubits: number;
  /** Classical bits over all classical registers. */
  maxClbits: number;
  /** Gate definitions in one program. */
  maxGateDefinitions: number;
  /** Definitions calling definitions: 1 for a body of built-in gates only. Also bounds loops, boxes, ifs, switch cases and subroutine calls nested in one another. */
  maxGateNesting: number;
  /** Depth of a parameter expression's tree (parentheses, operators, functions, unary minus). */
  maxExpressionDepth: number;
  /** Operations after every user gate is expanded (gates, measurements, resets). */
  maxOperations: number;
  /**
   * Steps of reading: every operation produced, copied (by `inv @`, `pow(k) @`, `ctrl @`) or
   * attached to a condition (one step per classical bit the condition reads), every expression
   * node evaluated, every qubit a broadcast, barrier, slice or alias names, every token a `for`
   * iteration or `switch` case reads again. What reading can cost in time and memory, whatever
   * the constructs and however they are combined.
   */
  maxExpansionSteps: number;
  /** Milliseconds reading may take (checked as steps are charged); Infinity for no limit. */
  maxReadMs: number;
};

/** The environment setting behind each limit (see the README's configuration table). */
export const LIMIT_SETTINGS: Record<keyof QasmLimits, string> = {
  maxSourceBytes: "QUANTUM_MAX_QASM_BYTES",
  maxQubits: "QUANTUM_MAX_QUBITS",
  maxClbits: "QUANTUM_MAX_CLBITS",
  maxGateDefinitions: "QUANTUM_MAX_GATE_DEFINITIONS",
  maxGateNesting: "QUANTUM_MAX_GATE_NESTING",
  maxExpressionDepth: "QUANTUM_MAX_EXPRESSION_DEPTH",
  maxOperations: "QUANTUM_MAX_GATES",
  maxExpansionSteps: "QUANTUM_MAX_EXPANSION_STEPS",
  maxReadMs: "QUANTUM_READ_TIMEOUT_MS",
};

/** The defaults of those settings. */
export const DEFAULT_QASM_LIMITS: QasmLimits = {
  maxSourceBytes: 200_000,
  maxQubits: 24,
  maxClbits: 1024,
  maxGateDefinitions: 1000,
  maxGateNesting: 64,
  maxExpressionDepth: 100,
  maxOperations: 100_000,
  maxExpansionSteps: 2_000_000,
  maxReadMs: Infinity,
};

export class QasmLimitError extends QasmError {
  constructor(
    line: number,
    column: number,
    readonly limit: keyof QasmLimits,
    readonly value: number,
    what: string,
    /** How much the program asked for, when known (e.g. the qubits declared so far). */
    readonly requested?: number,
  ) {
    super(line, column, `${what} ${value} (${LIMIT_SETTINGS[limit]})`);
    this.name = "QasmLimitError";
  }
}

// OpenQASM in and out.
export { parseQasm, QasmInputError, type QasmOptions } from "./parser";
export { QasmError } from "./lexer";
export { QasmLimitError, DEFAULT_QASM_LIMITS, LIMIT_SETTINGS, type QasmLimits } from "./limits";
export { toQasm3, formatNumber } from "./emit";

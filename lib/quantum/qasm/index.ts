// OpenQASM in and out.
export { parseQasm } from "./parser";
export { QasmError } from "./lexer";
export { toQasm3, formatNumber } from "./emit";

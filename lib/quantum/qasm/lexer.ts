// OpenQASM 2.0 and 3 tokens, each with the line and column (1-based) where it starts, so that every
// parse error can name its place.
// "duration": a number with its unit (`100ns`, `2.5us`, `10dt`); "physical": a physical qubit (`$3`).
export type TokenKind = "id" | "number" | "duration" | "physical" | "string" | "symbol" | "eof";

export type Token = { kind: TokenKind; text: string; line: number; column: number };

export class QasmError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    message: string,
  ) {
    super(message);
    this.name = "QasmError";
  }
}

// Longer symbols first: the first one the source starts with is taken.
const SYMBOLS = [
  "<<=", ">>=", "->", "==", "!=", "<=", ">=", "++", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**",
  "=", "!", "@", ";", ",", "(", ")", "[", "]", "{", "}", "+", "-", "*", "/", "^", ":", "<", ">", "%", "&", "|", "~",
];

// Sticky: each match starts exactly where the scan stands (no copy of the rest of the source).
// Identifiers as OpenQASM 3 has them: a letter (any script's: `θ`, `π`, `ψ_0`) or `_`, then also
// ASCII digits. OpenQASM 2.0 allows only ASCII; a Unicode name there is harmless, so it is read too.
export const IDENTIFIER = "[\\p{Lu}\\p{Ll}\\p{Lt}\\p{Lm}\\p{Lo}\\p{Nl}_][\\p{Lu}\\p{Ll}\\p{Lt}\\p{Lm}\\p{Lo}\\p{Nl}_0-9]*";
const ID = new RegExp(IDENTIFIER, "uy");
// An annotation (`@name.part rest of the line`) opens a statement; `@` anywhere else is a gate
// modifier's (`ctrl @ x`). Annotations carry hints for compilers, none for a simulator: skipped.
const ANNOTATION = /@[\p{L}_][\p{L}\p{N}_]*(\.[\p{L}_][\p{L}\p{N}_]*)*[^\n]*/uy;
const STATEMENT_START = new Set([";", "{", "}"]);
const NUMBER = /(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/y;
// The unit right after a number makes it a duration (OpenQASM 3 timing).
const UNIT = /(ns|us|µs|ms|s|dt)(?![\p{L}\p{N}_])/uy;
const PHYSICAL = /\$\d+/y;

export const tokenize = (source: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let column = 1;
  const advance = (count: number) => {
    for (let k = 0; k < count; k += 1) {
      if (source[i] === "\n") {
        line += 1;
        column = 1;
      } else column += 1;
      i += 1;
    }
  };
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      advance(1);
      continue;
    }
    if (source.startsWith("//", i)) {
      while (i < source.length && source[i] !== "\n") advance(1);
      continue;
    }
    if (source.startsWith("/*", i)) {
      const [startLine, startColumn] = [line, column];
      const end = source.indexOf("*/", i + 2);
      if (end < 0) throw new QasmError(startLine, startColumn, "unterminated comment");
      advance(end + 2 - i);
      continue;
    }
    const start = { line, column };
    const previous = tokens[tokens.length - 1];
    if (ch === "@" && (!previous || (previous.kind === "symbol" && STATEMENT_START.has(previous.text)))) {
      ANNOTATION.lastIndex = i;
      const annotation = ANNOTATION.exec(source);
      if (annotation) {
        advance(annotation[0].length);
        continue;
      }
    }
    ID.lastIndex = i;
    NUMBER.lastIndex = i;
    const id = ID.exec(source);
    if (id) {
      tokens.push({ kind: "id", text: id[0], ...start });
      advance(id[0].length);
      continue;
    }
    const number = NUMBER.exec(source);
    if (number) {
      UNIT.lastIndex = i + number[0].length;
      const unit = UNIT.exec(source);
      const text = unit ? number[0] + unit[0] : number[0];
      tokens.push({ kind: unit ? "duration" : "number", text, ...start });
      advance(text.length);
      continue;
    }
    PHYSICAL.lastIndex = i;
    const physical = PHYSICAL.exec(source);
    if (physical) {
      tokens.push({ kind: "physical", text: physical[0], ...start });
      advance(physical[0].length);
      continue;
    }
    if (ch === '"') {
      const end = source.indexOf('"', i + 1);
      if (end < 0 || source.slice(i, end).includes("\n")) throw new QasmError(line, column, "unterminated string");
      tokens.push({ kind: "string", text: source.slice(i + 1, end), ...start });
      advance(end + 1 - i);
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, i));
    if (!symbol) throw new QasmError(line, column, `unexpected character '${ch}'`);
    tokens.push({ kind: "symbol", text: symbol, ...start });
    advance(symbol.length);
  }
  tokens.push({ kind: "eof", text: "end of input", line, column });
  return tokens;
};

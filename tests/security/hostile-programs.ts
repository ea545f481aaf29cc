// Generated hostile OpenQASM: programs built from every construct the language offers here, each
// able to multiply the work of what it wraps — gate definitions calling the previous one several
// times, `pow(k) @`, `inv @`, `ctrl @` / `negctrl @`, conditions nested in conditions (with `else`),
// broadcasts over whole registers, measurements, resets and barriers, long and deep parameter
// expressions, wide classical registers read by conditions, `for` and `while` loops, subroutines
// (`def`) called several times — combined and nested in random order and depth. Most expand far past the reading budget; some are small and valid. Whatever they
// are, the server must answer each quickly and stay healthy (tests/system/hostile-programs.test.ts).
import fc from "fast-check";

/** One construct that wraps a statement (the innermost first when a tower is built). */
export type Layer =
  | { kind: "define"; calls: number; inverse: boolean }
  | { kind: "pow"; exponent: number }
  | { kind: "inv" }
  | { kind: "ctrl"; negative: boolean }
  | { kind: "if"; withElse: boolean; wide: boolean }
  | { kind: "repeat"; times: number }
  | { kind: "loop"; times: number; form: "for" | "while" }
  | { kind: "subroutine"; calls: number };

export type Tower = {
  version: 2 | 3;
  qubits: number;
  clbits: number;
  /** The innermost statement. */
  base: "gate" | "broadcast" | "rotation" | "measure" | "reset" | "barrier";
  /** Terms of the rotation angle's expression (a sum of parameters or numbers). */
  terms: number;
  /** Parentheses around the angle. */
  parens: number;
  layers: Layer[];
};

const layer: fc.Arbitrary<Layer> = fc.oneof(
  fc.record({ kind: fc.constant("define" as const), calls: fc.integer({ min: 1, max: 12 }), inverse: fc.boolean() }),
  fc.record({ kind: fc.constant("pow" as const), exponent: fc.oneof(fc.integer({ min: 2, max: 100 }), fc.integer({ min: 1000, max: 10_000_000 }), fc.constant(-7)) }),
  fc.constant({ kind: "inv" as const }),
  fc.record({ kind: fc.constant("ctrl" as const), negative: fc.boolean() }),
  fc.record({ kind: fc.constant("if" as const), withElse: fc.boolean(), wide: fc.boolean() }),
  fc.record({ kind: fc.constant("repeat" as const), times: fc.integer({ min: 2, max: 2000 }) }),
  fc.record({ kind: fc.constant("loop" as const), times: fc.oneof(fc.integer({ min: 2, max: 100 }), fc.integer({ min: 10_000, max: 100_000_000 })), form: fc.constantFrom("for" as const, "while" as const) }),
  fc.record({ kind: fc.constant("subroutine" as const), calls: fc.integer({ min: 1, max: 12 }) }),
);

export const tower: fc.Arbitrary<Tower> = fc.record({
  version: fc.constantFrom(2 as const, 3 as const),
  qubits: fc.constantFrom(2, 8, 24),
  clbits: fc.constantFrom(2, 64, 1000),
  base: fc.constantFrom("gate" as const, "broadcast" as const, "rotation" as const, "measure" as const, "reset" as const, "barrier" as const),
  terms: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 3000 })),
  parens: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90 })),
  layers: fc.array(layer, { minLength: 1, maxLength: 40 }),
});

const MAX_SOURCE = 190_000;

/** A sum of `leaves` terms as a balanced tree of parentheses: wide, yet only log2(leaves) deep. */
export const balancedSum = (leaves: number, term: (k: number) => string): string => {
  const build = (from: number, count: number): string => (count === 1 ? term(from) : `(${build(from, count >> 1)} + ${build(from + (count >> 1), count - (count >> 1))})`);
  return build(0, Math.max(1, leaves));
};

/**
 * The program a tower describes. Layers that the version cannot express are written in the
 * nearest form it can (OpenQASM 2.0 has no modifiers and no nested conditions: a definition or a
 * repetition stands in for them), so that every generated program is worth reading.
 */
export const programOf = (t: Tower): string => {
  const v3 = t.version === 3;
  const lines: string[] = v3
    ? ["OPENQASM 3.0;", 'include "stdgates.inc";', `qubit[${t.qubits}] q;`, `bit[${t.clbits}] c;`, "bit[2] f;"]
    : ["OPENQASM 2.0;", 'include "qelib1.inc";', `qreg q[${t.qubits}];`, `creg c[${t.clbits}];`, "creg f[2];"];
  const angle = (parameter: string) => `${"(".repeat(t.parens)}${balancedSum(t.terms, (k) => (k % 2 === 0 ? parameter : `${k}/7`))}${")".repeat(t.parens)}`;
  // A statement is either a call of a gate (which layers can wrap in modifiers or definitions) or
  // a block of statements (which conditions and repetitions wrap).
  let gate = "h";
  let gateArgs = 1;
  let modifiers = "";
  let block: string[] | undefined;
  const call = () => `${modifiers}${gate} ${Array.from({ length: gateArgs }, (_, k) => `q[${k}]`).join(", ")};`;
  const asBlock = () => block ?? [call()];

  switch (t.base) {
    case "broadcast": block = ["h q;"]; break;
    case "measure": block = v3 ? ["c[0] = measure q[0];", "f[1] = measure q[1];"] : ["measure q[0] -> c[0];", "measure q[1] -> f[1];"]; break;
    case "reset": block = ["h q;", "reset q;"]; break;
    case "barrier": block = ["barrier q;", "x q[0];"]; break;
    case "rotation":
      lines.push(`gate rot(t) a { rx(${angle("t")}) a; }`);
      gate = "rot(0.5)";
      break;
    case "gate": break;
  }

  let defined = 0;
  let loops = 0;
  const size = () => lines.reduce((sum, line) => sum + line.length + 1, 0) + (block ?? []).reduce((sum, line) => sum + line.length + 1, 0);
  for (const l of t.layers) {
    if (size() > MAX_SOURCE) break;
    // A layer that would take the source past its bound (a repetition, an else doubling a block)
    // is where the tower stops.
    const wouldDouble = l.kind === "if" && l.withElse ? 2 : 1;
    if (size() * wouldDouble > MAX_SOURCE) break;
    switch (l.kind) {
      case "define": {
        if (block) {
          // A block becomes the body of a gate (only gate calls can be in a body).
          const body = block.filter((s) => !/measure|reset|barrier|if|c\[|f\[/.test(s));
          block = undefined;
          if (body.length === 0) break;
          lines.push(`gate b${defined} a { ${body.map((s) => s.replace(/q\[\d+\]|q(?=;)/g, "a")).join(" ")} }`);
          gate = `b${defined}`;
          gateArgs = 1;
          modifiers = "";
          defined += 1;
        }
        const args = Array.from({ length: gateArgs }, (_, k) => `a${k}`);
        const inner = `${modifiers}${gate} ${args.join(", ")};`;
        const body = Array.from({ length: l.calls }, (_, k) => (l.inverse && v3 && k % 2 === 1 ? `inv @ ${inner}` : inner));
        lines.push(`gate g${defined} ${args.join(", ")} { ${body.join(" ")} }`);
        gate = `g${defined}`;
        modifiers = "";
        defined += 1;
        break;
      }
      case "pow":
      case "inv":
      case "ctrl":
        if (block || !v3) {
          // No modifiers here: repeat instead.
          const inner = asBlock();
          const room = Math.floor((MAX_SOURCE - size()) / Math.max(1, inner.join("\n").length + 1));
          block = Array.from({ length: Math.max(1, Math.min(room, 50, l.kind === "pow" ? Math.abs(l.exponent) : 2)) }, () => inner).flat();
          break;
        }
        if (l.kind === "pow") modifiers = `pow(${l.exponent}) @ ${modifiers}`;
        else if (l.kind === "inv") modifiers = `inv @ ${modifiers}`;
        else if (gateArgs < t.qubits) {
          modifiers = `${l.negative ? "negctrl" : "ctrl"} @ ${modifiers}`;
          gateArgs += 1;
        }
        break;
      case "if": {
        const register = l.wide ? "c" : "f";
        const inner = asBlock();
        if (!v3) {
          // OpenQASM 2.0: one condition per statement, no nesting.
          block = inner.filter((s) => !s.startsWith("if")).map((s) => `if (${register} == 0) ${s}`);
        } else {
          block = [`if (${register} == 0) { ${inner.join(" ")} }${l.withElse ? ` else { ${inner.join(" ")} }` : ""}`];
        }
        break;
      }
      case "repeat": {
        const inner = asBlock();
        const times = Math.max(1, Math.min(l.times, Math.floor((MAX_SOURCE - size()) / Math.max(1, inner.join("\n").length + 1))));
        block = Array.from({ length: times }, () => inner).flat();
        break;
      }
      case "loop": {
        const inner = asBlock();
        if (!v3) {
          // OpenQASM 2.0 has no loops: a repetition stands in.
          block = Array.from({ length: Math.max(1, Math.min(50, l.times, Math.floor((MAX_SOURCE - size()) / Math.max(1, inner.join("\n").length + 1)))) }, () => inner).flat();
          break;
        }
        const counter = `k${loops}`;
        loops += 1;
        block =
          l.form === "for"
            ? [`for int ${counter} in [0:${l.times - 1}] { ${inner.join(" ")} }`]
            : [`int ${counter} = 0;`, `while (${counter} < ${l.times}) { ${inner.join(" ")} ${counter} += 1; }`];
        break;
      }
      case "subroutine": {
        // The block (its gate calls) becomes a subroutine over the whole register, called `calls` times.
        const body = asBlock().filter((s) => !/measure|reset|if|while|for|int |c\[|f\[/.test(s));
        if (!v3 || body.length === 0) break;
        lines.push(`def s${loops}(qubit[${t.qubits}] r) { ${body.map((s) => s.replace(/\bq(?=[[;,\s])/g, "r")).join(" ")} }`);
        block = Array.from({ length: l.calls }, () => `s${loops}(q);`);
        gate = "h";
        gateArgs = 1;
        modifiers = "";
        loops += 1;
        break;
      }
    }
  }
  const source = [...lines, ...asBlock()].join("\n");
  return source.length <= MAX_SOURCE ? source : source.slice(0, MAX_SOURCE);
};

/** Hostile programs, generated. */
export const hostilePrograms = tower.map(programOf);

const qubits24 = 'OPENQASM 3;\ninclude "stdgates.inc";\nqubit[24] q;\nbit[1024] c;\n';

/** Programs that took the server down before the sandbox, by what they did. */
export const KNOWN_PROGRAMS: Record<string, string> = {
  "conditions nested 64 deep over 1024 bits around pow(4000) @ h on 24 qubits (heap exhausted)": `${qubits24}${"if (c == 0) ".repeat(64)}pow(4000) @ h q;`,
  "one condition over 1024 bits around pow(4166) @ h (the 84-byte stall)": 'OPENQASM 3;qubit[24]q;bit[1024]c;include "stdgates.inc";if(c==0)pow(4166)@h q;',
  "inv @ through 64 nested definitions of pow(60000) @ h": (() => {
    const lines = ['OPENQASM 3;\ninclude "stdgates.inc";\nqubit[2] q;', "gate g0 a { pow(60000) @ h a; }"];
    for (let level = 1; level < 64; level += 1) lines.push(`gate g${level} a { inv @ g${level - 1} a; }`);
    lines.push("g63 q[0];");
    return lines.join("\n");
  })(),
  "a while loop that never ends": 'OPENQASM 3;\ninclude "stdgates.inc";\nqubit[1] q;\nint n = 0;\nwhile (true) { n += 1; }',
  "a counter loop of 10^9 iterations around h on 24 qubits": `${qubits24}int n = 0;\nwhile (n < 1000000000) { h q; n += 1; }`,
  "a subroutine that calls itself twice, 60 deep": 'OPENQASM 3;\ninclude "stdgates.inc";\nqubit[1] q;\ndef f(int[32] n, qubit a) { if (n > 0) { f(n - 1, a); f(n - 1, a); } h a; }\nf(60, q[0]);',
  "a 4096-term angle in a gate called 30000 times": `OPENQASM 3;\ninclude "stdgates.inc";\nqubit[1] q;\ngate r(t) a { rx(${balancedSum(4096, () => "t")}) a; }\npow(30000) @ r(1) q[0];`,
};

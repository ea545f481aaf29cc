// The tiny expression language the kernels' arithmetic is written in once (bodies.ts), and its
// JavaScript form. A body says what a pass does to one pair of amplitudes: x at index i, y at j
// (their parts xr, xi, yr, yi), from the pass's eight matrix numbers (ar, ai, br, bi, cr, ci, dr, di
// = m[0] … m[7]), e.g. "ar*xr - ai*xi + br*yr - bi*yi". An expression is sums and differences of
// products, read left to right, products first; it is evaluated in exactly that order in the
// JavaScript the walks are compiled to (jsStep, below) and in the WebAssembly SIMD instructions of
// wasm-kernels.ts. WebAssembly has no fused multiply-add and its f64x2 lanes round like scalar
// doubles, so the two give the same bits.

export type Input = "xr" | "xi" | "yr" | "yi";
export const INPUTS: readonly Input[] = ["xr", "xi", "yr", "yi"];
/** The names of the pass's matrix numbers, m[0] … m[7]. */
export const NUMBERS = ["ar", "ai", "br", "bi", "cr", "ci", "dr", "di"] as const;

export type Expr =
  | { kind: "input"; name: Input }
  | { kind: "number"; index: number }
  | { kind: "add" | "sub" | "mul"; left: Expr; right: Expr };

/** An amplitude's new value. */
export type Amplitude = { re: Expr; im: Expr };

/** What a pass does to a pair: the new x and y; a side left out keeps its value and is not written. */
export type Body<Name extends string = string> = { name: Name; x?: Amplitude; y?: Amplitude };

const leaf = (name: string): Expr => {
  if ((INPUTS as readonly string[]).includes(name)) return { kind: "input", name: name as Input };
  const index = (NUMBERS as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`unknown name ${name} in a kernel body`);
  return { kind: "number", index };
};

/** Parses "ar*xr - ai*xi + …": products of names, then sums and differences left to right. */
export const expr = (text: string): Expr => {
  const tokens = text.match(/[a-z]+|[-+*]/g) ?? [];
  let at = 0;
  const product = () => {
    let e = leaf(tokens[at++]);
    while (tokens[at] === "*") {
      at += 1;
      e = { kind: "mul", left: e, right: leaf(tokens[at++]) };
    }
    return e;
  };
  let e = product();
  while (tokens[at] === "+" || tokens[at] === "-") {
    const kind = tokens[at++] === "+" ? "add" : "sub";
    e = { kind, left: e, right: product() };
  }
  if (at !== tokens.length) throw new Error(`cannot read kernel expression "${text}"`);
  return e;
};

export const amplitude = (re: string, im: string): Amplitude => ({ re: expr(re), im: expr(im) });

/** The inputs an expression reads. */
export const inputsOf = (e: Expr): Set<Input> => {
  if (e.kind === "input") return new Set([e.name]);
  if (e.kind === "number") return new Set();
  return new Set([...inputsOf(e.left), ...inputsOf(e.right)]);
};

/** The matrix numbers (indexes into m) a body reads, in the order they first appear. */
export const numbersOf = (body: Body): number[] => {
  const found: number[] = [];
  const walk = (e: Expr) => {
    if (e.kind === "number") {
      if (!found.includes(e.index)) found.push(e.index);
    } else if (e.kind !== "input") {
      walk(e.left);
      walk(e.right);
    }
  };
  for (const side of [body.x, body.y]) if (side) [side.re, side.im].forEach(walk);
  return found;
};

/** Whether the body only moves amplitudes (every new value is an old one, as in a swap). */
export const isPermutation = (body: Body) => [body.x, body.y].every((side) => !side || (side.re.kind === "input" && side.im.kind === "input"));

const SYMBOL = { add: "+", sub: "-", mul: "*" } as const;

/** The expression as JavaScript, in the same order of evaluation. */
export const jsExpr = (e: Expr): string => {
  if (e.kind === "input") return e.name;
  if (e.kind === "number") return NUMBERS[e.index];
  const wrap = (side: Expr, needed: boolean) => (needed && side.kind !== "input" && side.kind !== "number" ? `(${jsExpr(side)})` : jsExpr(side));
  const sum = (side: Expr) => side.kind === "add" || side.kind === "sub";
  // A left operand needs parentheses only under a product; a right one under a product or
  // after a sum (a - (b + c) is not a - b + c).
  return `${wrap(e.left, e.kind === "mul" && sum(e.left))} ${SYMBOL[e.kind]} ${wrap(e.right, e.kind === "mul" || sum(e.right))}`;
};

/** `const ar = m[0];` … for the numbers a body reads: a walk's first lines. */
export const jsNumbers = (bodies: Body | Body[]) =>
  [...new Set([bodies].flat().flatMap(numbersOf))].map((index) => `const ${NUMBERS[index]} = m[${index}];`).join("\n");

/**
 * One step of a walk in JavaScript: the body on the pair at indexes `x` and `y` (expressions).
 * Each side's inputs are read before that side is written (and an old value a later side needs is
 * read before it is overwritten): x, then y. A permutation goes part by part (re, then im), as a
 * swap of two numbers does.
 */
export const jsStep = (body: Body, x: string, y: string): string => {
  const at = { x, y };
  const lines: string[] = [];
  const read = new Set<Input>();
  const load = (names: Iterable<Input>) => {
    for (const name of INPUTS) {
      if (read.has(name) || ![...names].includes(name)) continue;
      read.add(name);
      lines.push(`const ${name} = ${name[1] === "r" ? "re" : "im"}[${at[name[0] as "x" | "y"]}];`);
    }
  };
  const sides = (["x", "y"] as const).filter((side) => body[side]);
  const parts = isPermutation(body) ? (["re", "im"] as const).map((part) => [part]) : [["re", "im"] as const];
  for (const partsNow of parts) {
    sides.forEach((side, k) => {
      const later = sides.slice(k + 1).flatMap((next) => partsNow.flatMap((part) => [...inputsOf(body[next]![part])]));
      const own = partsNow.flatMap((part) => [...inputsOf(body[side]![part])]);
      load([...own, ...later.filter((name) => name[0] === side)]);
      for (const part of partsNow) lines.push(`${part}[${at[side]}] = ${jsExpr(body[side]![part])};`);
    });
  }
  return `{\n${lines.join("\n")}\n}`;
};

/**
 * A walk's JavaScript compiled into a function. The text is the engine's own (walks and bodies
 * written here), never a caller's; compiled once, it runs as any other function (V8 optimizes it
 * the same way).
 */
export const compileKernel = <F>(name: string, params: readonly string[], source: string): F =>
  new Function(...params, `"use strict";\n${source}\n//# sourceURL=simulator-kernels/${name}.js`) as F;

/**
 * Kernels by name, each compiled the first time it is asked for: a thread that never runs one
 * (the threads that only read programs) does not pay for compiling them when it loads.
 */
export const kernelsByName = <Name extends string, F>(compile: (name: Name) => F) => {
  const compiled: Partial<Record<Name, F>> = {};
  return (name: Name): F => (compiled[name] ??= compile(name));
};

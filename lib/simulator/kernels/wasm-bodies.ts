// The bodies (bodies.ts) as WebAssembly SIMD steps for the walks of wasm-kernels.ts: the same
// expressions, evaluated in the same order as their JavaScript form (expression.ts), on two f64
// lanes at a time.
// - Runs: a vector holds the same side of two neighbouring pairs (x of both at lo, y of both at
//   hi), so each expression is evaluated as written, its matrix numbers splatted to both lanes.
// - Lanes (target qubit 0): a vector holds one pair, x in lane 0 and y in lane 1, so one
//   expression must give x's new value in lane 0 and y's in lane 1. The two are paired node by
//   node: each leaf becomes a pair (a number pair is a constant vector; an input pair a vector of
//   the loaded pair, shuffled when it is not (x, y) as loaded). A sum or product may have its
//   operands swapped in y's expression to need fewer shuffles: a + b and b + a (a·b and b·a) are
//   the same double, so the bits do not change. A side a body does not write is taken from the
//   loaded pair again (not multiplied by 1, which could turn −0 into 0).
import { INPUTS, inputsOf, isPermutation, numbersOf, type Amplitude, type Body, type Expr, type Input } from "./expression";
import { f64Lanes, op, ValueType } from "./wasm-encoding";

const { i32, f64, v128 } = ValueType;
const { get, set } = op;

// Parameters, in order: from, to, mask0, mask1, mask2, runLength, orBits, hiBytes (byte distance
// from a pair's first amplitude to its second; on the lanes walk, from one p's vector to the
// next), reBase, imDelta (byte offset of re in memory, and of im from re), otherBytes (swapLanes:
// the byte distance to the second vector), pBytes (runs walks: how far a run's amplitudes move a
// p, 8 bytes but when qubit 1 is fixed, see runWasmPass), aheadBytes (ahead walks: where reading
// ahead starts, past a run's first byte), then the eight numbers of the matrix.
export const P = { from: 0, to: 1, mask0: 2, mask1: 3, mask2: 4, runLength: 5, orBits: 6, hiBytes: 7, reBase: 8, imDelta: 9, otherBytes: 10, pBytes: 11, aheadBytes: 12, m: 13 };
export const PARAMS = [...Array(13).fill(i32), ...Array(8).fill(f64)];
// Locals past the parameters: i32 first, then v128: eight constants, the loaded inputs, and the
// lanes steps' shuffled inputs.
export const L = { p: 21, base: 22, run: 23, lo: 24, hi: 25, end: 26, ahead: 27, aheadMax: 28 };
const K0 = 29;
const V: Record<Input, number> = { xr: 37, xi: 38, yr: 39, yi: 40 };
const S0 = 41;
const CONSTANTS = 8;
const SHUFFLES = 4;
export const LOCALS = [
  { count: 8, type: i32 },
  { count: CONSTANTS + 4 + SHUFFLES, type: v128 },
];

/** A body as a walk runs it: `setup` once per call (the constants), `step` per vector. */
export type WasmStep = { setup: number[]; step: number[] };

// Addresses: lo = re of the pair's first amplitude, hi = re of its second; im at +imDelta.
const load = (address: number[], into: number) => [...address, ...op.load, ...set(into)];
const store = (address: number[], value: number[]) => [...address, ...value, ...op.store];
const at = (local: number) => get(local);
export const im = (local: number) => [...get(local), ...get(P.imDelta), ...op.add];

const FLOAT_OP = { add: op.fadd, sub: op.fsub, mul: op.fmul } as const;

/** An expression's instructions, leaves as `leaf` reads them: operands in order, then the operator. */
const instructions = (e: Expr, leaf: (e: Expr & { kind: "input" | "number" }) => number[]): number[] =>
  e.kind === "input" || e.kind === "number" ? leaf(e) : [...instructions(e.left, leaf), ...instructions(e.right, leaf), ...FLOAT_OP[e.kind]];

const sides = (body: Body) => (["x", "y"] as const).filter((side) => body[side]).map((side) => ({ side, value: body[side]! }));

/** Splats the body's matrix numbers into the constant locals, in the order they first appear. */
export const runsStep = (body: Body): WasmStep => {
  const numbers = numbersOf(body);
  const reads = new Set(sides(body).flatMap(({ value }) => [...inputsOf(value.re), ...inputsOf(value.im)]));
  const address: Record<Input, number[]> = { xr: at(L.lo), xi: im(L.lo), yr: at(L.hi), yi: im(L.hi) };
  const value = (e: Expr) => instructions(e, (leaf) => get(leaf.kind === "input" ? V[leaf.name] : K0 + numbers.indexOf(leaf.index)));
  return {
    setup: numbers.flatMap((index, j) => [...get(P.m + index), ...op.splat, ...set(K0 + j)]),
    step: [
      ...INPUTS.filter((name) => reads.has(name)).flatMap((name) => load(address[name], V[name])),
      ...sides(body).flatMap(({ side, value: { re, im: imaginary } }) => {
        const base = side === "x" ? L.lo : L.hi;
        return [...store(at(base), value(re)), ...store(im(base), value(imaginary))];
      }),
    ],
  };
};

// A lanes expression: the two expressions' nodes side by side; a leaf pair (lane 0's, lane 1's).
type LaneLeaf = { kind: "inputs"; lanes: [Input, Input] } | { kind: "numbers"; lanes: [number, number] };
type LaneExpr = LaneLeaf | { kind: "add" | "sub" | "mul"; left: LaneExpr; right: LaneExpr };

/** Every form of `e` with the operands of some sums and products swapped, the unswapped one first. */
const commuted = (e: Expr): Expr[] => {
  if (e.kind === "input" || e.kind === "number") return [e];
  const forms: Expr[] = [];
  for (const left of commuted(e.left)) for (const right of commuted(e.right)) forms.push({ kind: e.kind, left, right });
  if (e.kind === "sub") return forms;
  return [...forms, ...forms.map((form) => ({ ...form, left: (form as { right: Expr }).right, right: (form as { left: Expr }).left }))];
};

// Where an input sits in the loaded vectors: re or im part, lane 0 (x) or 1 (y).
const part = (name: Input) => (name[1] === "r" ? "re" : "im");
const lane = (name: Input) => (name[0] === "x" ? 0 : 1);
/** x and y of the same part as loaded: no shuffle. */
const asLoaded = ([first, second]: [Input, Input]) => lane(first) === 0 && lane(second) === 1 && part(first) === part(second);

/**
 * Lane 0's expression and lane 1's, paired node by node (undefined when their shapes differ). A
 * side left out (undefined) takes whatever costs nothing: the loaded pair's other lane, the
 * same number.
 */
const pair = (first: Expr | undefined, second: Expr | undefined): LaneExpr | undefined => {
  const shape = first ?? second!;
  if (first && second && first.kind !== second.kind) return undefined;
  if (shape.kind === "input") {
    const name = shape.name;
    if (first && second) return { kind: "inputs", lanes: [(first as typeof shape).name, (second as typeof shape).name] };
    const other = `${first ? "y" : "x"}${name[1]}` as Input;
    // The missing lane: the same part's other side when that leaves the pair as loaded, else the same input.
    const lanes: [Input, Input] = first ? [name, lane(name) === 0 ? other : name] : [lane(name) === 1 ? other : name, name];
    return { kind: "inputs", lanes };
  }
  if (shape.kind === "number") {
    const index = shape.index;
    return { kind: "numbers", lanes: [first ? (first as typeof shape).index : index, second ? (second as typeof shape).index : index] };
  }
  const left = pair(first && (first as { left: Expr }).left, second && (second as { left: Expr }).left);
  const right = pair(first && (first as { right: Expr }).right, second && (second as { right: Expr }).right);
  return left && right ? { kind: shape.kind, left, right } : undefined;
};

const leavesOf = (e: LaneExpr): LaneLeaf[] => (e.kind === "inputs" || e.kind === "numbers" ? [e] : [...leavesOf(e.left), ...leavesOf(e.right)]);
const keyOf = (leaf: LaneLeaf) => `${leaf.kind}:${leaf.lanes.join(",")}`;
const shufflesOf = (e: LaneExpr) => new Set(leavesOf(e).filter((leaf) => leaf.kind === "inputs" && !asLoaded(leaf.lanes)).map(keyOf));

/** The pairing of x's and y's new `part` that needs the fewest shuffles. */
const pairPart = (x: Amplitude | undefined, y: Amplitude | undefined, key: "re" | "im"): LaneExpr => {
  let best: LaneExpr | undefined;
  for (const form of y ? commuted(y[key]) : [undefined]) {
    const paired = pair(x?.[key], form);
    if (paired && (!best || shufflesOf(paired).size < shufflesOf(best).size)) best = paired;
  }
  if (!best) throw new Error("a lanes body needs x's and y's expressions of the same shape");
  return best;
};

export const lanesStep = (body: Body): WasmStep => {
  const parts = { re: pairPart(body.x, body.y, "re"), im: pairPart(body.x, body.y, "im") };
  const leaves = [...leavesOf(parts.re), ...leavesOf(parts.im)];
  const constants = [...new Map(leaves.filter((leaf) => leaf.kind === "numbers").map((leaf) => [keyOf(leaf), leaf])).values()];
  const shuffles = [...new Map(leaves.filter((leaf) => leaf.kind === "inputs" && !asLoaded(leaf.lanes)).map((leaf) => [keyOf(leaf), leaf])).values()];
  if (constants.length > CONSTANTS || shuffles.length > SHUFFLES) throw new Error(`the ${body.name} body needs more locals than the lanes walk has`);
  // The loaded pair: re in V.xr, im in V.xi.
  const loaded = { re: V.xr, im: V.xi };
  const vectorOf = (name: Input) => loaded[part(name)];
  const local = (leaf: LaneLeaf) => {
    if (leaf.kind === "numbers") return K0 + constants.findIndex((c) => keyOf(c) === keyOf(leaf));
    if (asLoaded(leaf.lanes)) return vectorOf(leaf.lanes[0]);
    return S0 + shuffles.findIndex((s) => keyOf(s) === keyOf(leaf));
  };
  const setup = constants.flatMap((leaf, j) => {
    const [first, second] = leaf.lanes as [number, number];
    if (first === second) return [...get(P.m + first), ...op.splat, ...set(K0 + j)];
    return [...get(P.m + first), ...op.splat, ...get(P.m + second), ...op.splat, ...op.shuffle(f64Lanes(0, 3)), ...set(K0 + j)];
  });
  const shuffle = shuffles.flatMap((leaf, j) => {
    const [first, second] = leaf.lanes as [Input, Input];
    const same = vectorOf(first) === vectorOf(second);
    return [...get(vectorOf(first)), ...get(vectorOf(second)), ...op.shuffle(f64Lanes(lane(first), (same ? 0 : 2) + lane(second))), ...set(S0 + j)];
  });
  const value = (e: LaneExpr): number[] =>
    e.kind === "inputs" || e.kind === "numbers" ? get(local(e)) : [...value(e.left), ...value(e.right), ...FLOAT_OP[e.kind]];
  // A side the body leaves alone keeps its lane of the loaded vector.
  const written = (key: "re" | "im") => {
    if (body.x && body.y) return value(parts[key]);
    return body.x ? [...value(parts[key]), ...get(loaded[key]), ...op.shuffle(f64Lanes(0, 3))] : [...get(loaded[key]), ...value(parts[key]), ...op.shuffle(f64Lanes(0, 3))];
  };
  return {
    setup,
    step: [...load(at(L.lo), V.xr), ...load(im(L.lo), V.xi), ...shuffle, ...store(at(L.lo), written("re")), ...store(im(L.lo), written("im"))],
  };
};

/**
 * A permutation on qubit 0 and qubit k (a swap): x is lane 1 of the vector at lo, y lane 0 of the
 * one 2^k amplitudes on (hi, otherBytes past lo); (v0, v1), (w0, w1) become (v0, x′), (y′, w1).
 */
export const swapLanesStep = (body: Body): WasmStep => {
  if (!isPermutation(body) || !body.x || !body.y) throw new Error(`the ${body.name} body is not a permutation of both sides`);
  // Lanes of the two vectors side by side: lo's 0, 1 (x in 1), hi's 2, 3 (y in 2).
  const position = (e: Expr) => ((e as { name: Input }).name[0] === "x" ? 1 : 2);
  const vectors = { re: [V.xr, V.yr], im: [V.xi, V.yi] };
  const picked = (key: "re" | "im", first: number, second: number) => [...get(vectors[key][0]), ...get(vectors[key][1]), ...op.shuffle(f64Lanes(first, second))];
  const { x, y } = body;
  return {
    setup: [],
    step: [
      ...get(L.lo),
      ...get(P.otherBytes),
      ...op.add,
      ...set(L.hi),
      ...load(at(L.lo), V.xr),
      ...load(im(L.lo), V.xi),
      ...load(at(L.hi), V.yr),
      ...load(im(L.hi), V.yi),
      ...store(at(L.lo), picked("re", 0, position(x.re))),
      ...store(im(L.lo), picked("im", 0, position(x.im))),
      ...store(at(L.hi), picked("re", position(y.re), 3)),
      ...store(im(L.hi), picked("im", position(y.im), 3)),
    ],
  };
};

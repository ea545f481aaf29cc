// The simulator's passes against a plain matrix-vector product (the full 2^n unitary from
// dense-reference.ts), on every qubit position and control pattern at small sizes; the sparse path
// against the dense one; the multi-threaded path against the single-threaded one, bit for bit.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { simulatorHelperFile } from "../../lib/quantum/pool/engine";
import {
  PassKind,
  Rng,
  applyGate,
  basisState,
  circuit,
  closeSimulatorThreads,
  compile,
  configureSimulatorThreads,
  evolve,
  gate,
  gatePasses,
  HELPER_IDLE_MS,
  helperChunks,
  helperThreads,
  releaseState,
  runPasses,
  runPass,
  runPassRange,
  passSpan,
  pass,
  runSparse,
  tasksOf,
  simulate,
  zeroState,
  copyState,
  imGapBytes,
  matrixPass,
  type GateOp,
  type Matrix2,
  type StateVector,
  type ThreadSettings,
} from "../../lib/simulator";
import { unitary } from "./dense-reference";
import { sameBits } from "./same-bits";

// The helper threads run the engine's helper from the sources, as the app's simulation threads
// start it in development (lib/quantum/pool/engine.ts).
let threadSettings: ThreadSettings;
beforeAll(() => {
  threadSettings = configureSimulatorThreads({ helperFile: simulatorHelperFile() });
});
afterAll(async () => {
  configureSimulatorThreads(threadSettings);
  await closeSimulatorThreads();
});

const randomState = (n: number, seed: number): StateVector => {
  const rng = new Rng(seed);
  const state = zeroState(n, 24);
  let total = 0;
  for (let i = 0; i < state.re.length; i += 1) {
    state.re[i] = rng.next() - 0.5;
    state.im[i] = rng.next() - 0.5;
    total += state.re[i] ** 2 + state.im[i] ** 2;
  }
  const scale = 1 / Math.sqrt(total);
  for (let i = 0; i < state.re.length; i += 1) {
    state.re[i] *= scale;
    state.im[i] *= scale;
  }
  return state;
};

const reference = (state: StateVector, op: GateOp): { re: Float64Array; im: Float64Array } => {
  if (op.name === "rzz") {
    // RZZ(θ) = CX · (I ⊗ RZ(θ)) · CX, built from the reference's own textbook matrices.
    const [a, b] = op.qubits;
    let out = { re: state.re, im: state.im };
    for (const part of [gate("cx", [a, b]), gate("rz", [b], op.params), gate("cx", [a, b])]) out = reference({ qubits: state.qubits, ...out }, part);
    return out;
  }
  const u = unitary(op, state.qubits);
  const size = state.re.length;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < size; i += 1) {
    for (let k = 0; k < size; k += 1) {
      const [ur, ui] = u[i][k];
      re[i] += ur * state.re[k] - ui * state.im[k];
      im[i] += ur * state.im[k] + ui * state.re[k];
    }
  }
  return { re, im };
};

const maxDifference = (a: { re: Float64Array; im: Float64Array }, b: { re: Float64Array; im: Float64Array }) => {
  let worst = 0;
  for (let i = 0; i < a.re.length; i += 1) worst = Math.max(worst, Math.abs(a.re[i] - b.re[i]), Math.abs(a.im[i] - b.im[i]));
  return worst;
};

// Every ordered choice of `count` distinct qubits out of n.
const arrangements = (n: number, count: number): number[][] => {
  if (count === 0) return [[]];
  return arrangements(n, count - 1).flatMap((head) => [...Array(n).keys()].filter((q) => !head.includes(q)).map((q) => [...head, q]));
};

// One gate per kind of pass, and controlled gates for the controlled loops.
const GATE_KINDS: { name: string; params: number[]; kind: number; qubits: number; controls?: number }[] = [
  { name: "u3", params: [0.7, 0.4, -1.1], kind: PassKind.matrix, qubits: 1 },
  { name: "ry", params: [1.3], kind: PassKind.real, qubits: 1 },
  { name: "h", params: [], kind: PassKind.real, qubits: 1 },
  { name: "rz", params: [0.9], kind: PassKind.diagonal, qubits: 1 },
  { name: "t", params: [], kind: PassKind.phase, qubits: 1 },
  { name: "x", params: [], kind: PassKind.x, qubits: 1 },
  { name: "swap", params: [], kind: PassKind.swap, qubits: 2 },
  { name: "rzz", params: [0.8], kind: PassKind.zz, qubits: 2 },
  { name: "cx", params: [], kind: PassKind.x, qubits: 2 },
  { name: "cp", params: [0.6], kind: PassKind.phase, qubits: 2 },
  { name: "crx", params: [1.7], kind: PassKind.matrix, qubits: 2 },
  { name: "ccx", params: [], kind: PassKind.x, qubits: 3 },
  { name: "cswap", params: [], kind: PassKind.swap, qubits: 3 },
  { name: "u3", params: [1.1, -0.3, 2.2], kind: PassKind.matrix, qubits: 3, controls: 2 },
  { name: "rz", params: [0.5], kind: PassKind.diagonal, qubits: 3, controls: 2 },
];

describe("kernels against the matrix-vector product", () => {
  const n = 4;
  for (const spec of GATE_KINDS) {
    const label = spec.controls ? `ctrl(${spec.controls}) @ ${spec.name}` : spec.name;
    it(`${label}: every qubit position and control pattern on ${n} qubits`, () => {
      let checked = 0;
      for (const qubits of arrangements(n, spec.qubits)) {
        const op: GateOp = { name: spec.name, qubits, params: spec.params, ...(spec.controls ? { controls: spec.controls } : {}) };
        const passes = gatePasses(op);
        expect(passes.map((p) => p.kind)).toEqual([spec.kind]);
        const state = randomState(n, 100 + checked);
        const expected = reference(state, op);
        applyGate(state, op);
        expect(maxDifference(state, expected)).toBeLessThan(1e-14);
        checked += 1;
      }
      expect(checked).toBe(arrangements(n, spec.qubits).length);
    });
  }

  it("one-qubit kinds agree with a plain pair loop on every target of 12 qubits (runs, blocks of eight, and x reading ahead on 6–10)", () => {
    const n = 12;
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const matrices: [number, Matrix2][] = [
      [PassKind.matrix, [c, 0.2, -s, 0.1, s, -0.1, c, 0.2]],
      [PassKind.real, [c, 0, -s, 0, s, 0, c, 0]],
      [PassKind.diagonal, [c, -s, 0, 0, 0, 0, c, s]],
      [PassKind.x, [0, 0, 1, 0, 1, 0, 0, 0]],
    ];
    for (const [kind, m] of matrices) {
      for (let t = 0; t < n; t += 1) {
        const state = randomState(n, 900 + t);
        const expected = { re: state.re.slice(), im: state.im.slice() };
        const [ar, ai, br, bi, cr, ci, dr, di] = m;
        for (let i = 0; i < 2 ** n; i += 1) {
          if ((i >> t) & 1) continue;
          const j = i + 2 ** t;
          const [xr, xi, yr, yi] = [state.re[i], state.im[i], state.re[j], state.im[j]];
          expected.re[i] = ar * xr - ai * xi + br * yr - bi * yi;
          expected.im[i] = ar * xi + ai * xr + br * yi + bi * yr;
          expected.re[j] = cr * xr - ci * xi + dr * yr - di * yi;
          expected.im[j] = cr * xi + ci * xr + dr * yi + di * yr;
        }
        const p = matrixPass(t, m);
        expect(p.kind).toBe(kind);
        runPass(state, p);
        expect(maxDifference(state, expected)).toBeLessThan(1e-15);
      }
    }
  });

  it("a fused run takes the cheapest kernel that is still exact, and gives the reference's state", () => {
    const cases: { ops: GateOp[]; kind: number }[] = [
      { ops: [gate("rz", [1], [0.3]), gate("t", [1]), gate("s", [1])], kind: PassKind.diagonal },
      { ops: [gate("t", [2]), gate("s", [2])], kind: PassKind.phase },
      { ops: [gate("h", [0]), gate("ry", [0], [0.4])], kind: PassKind.real },
      { ops: [gate("h", [3]), gate("t", [3])], kind: PassKind.matrix },
    ];
    for (const [k, { ops, kind }] of cases.entries()) {
      expect(compile(ops).map((p) => p.kind)).toEqual([kind]);
      const state = randomState(n, 500 + k);
      let expected: { re: Float64Array; im: Float64Array } = { re: state.re.slice(), im: state.im.slice() };
      for (const op of ops) expected = reference({ qubits: n, ...expected }, op);
      runPasses(state, compile(ops));
      expect(maxDifference(state, expected)).toBeLessThan(1e-14);
    }
  });
});

// The gates one by one, each through its own passes (checked against the reference above).
const gateByGate = (n: number, ops: GateOp[], start?: StateVector) => {
  const state = start ?? zeroState(n, 24);
  for (const op of ops) applyGate(state, op);
  return state;
};

// Seeded superposition, then runs of controlled phases sharing a qubit, ry and cx between them.
const phaseRunOps = (n: number, seed: number): GateOp[] => {
  const rng = new Rng(seed);
  const pick = (k: number) => Math.floor(rng.next() * k);
  const ops: GateOp[] = [...Array(n).keys()].map((q) => gate("ry", [q], [0.3 + rng.next() * 2.4]));
  for (let row = 0; row < 6; row += 1) {
    const shared = pick(n);
    for (let k = 0; k < 3 + pick(n); k += 1) {
      const other = pick(n);
      const roll = pick(5);
      if (other === shared || roll === 0) ops.push(gate("p", [shared], [rng.next() * 6]));
      else if (roll === 1) ops.push(gate("cz", [shared, other]));
      else if (roll === 2) ops.push(gate("ry", [(shared + 1 + pick(n - 1)) % n], [rng.next()]));
      else ops.push(gate(roll === 3 ? "cp" : "cu1", pick(2) === 0 ? [other, shared] : [shared, other], [rng.next() * 6]));
    }
    ops.push(gate("cx", [(shared + 1) % n, shared]));
  }
  return ops;
};

describe("phase runs", () => {
  it("turn each row of a QFT into one pass, the ry before it going first", () => {
    const n = 12;
    const ops: GateOp[] = [...Array(n).keys()].map((q) => gate("ry", [q], [0.2 + q / 5]));
    for (let j = n - 1; j >= 0; j -= 1) {
      ops.push(gate("h", [j]));
      for (let m = j - 1; m >= 0; m -= 1) ops.push(gate("cp", [m, j], [Math.PI / 2 ** (j - m)]));
    }
    const passes = compile(ops);
    // Rows of three or more phases (j = 3 … 11) are one pass each; rows 1 and 2 stay as they are.
    expect(passes.filter((p) => p.kind === PassKind.phaseRun).map((p) => p.a)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(passes.filter((p) => p.kind === PassKind.phase)).toHaveLength(3);
    expect(passes).toHaveLength(n + (n - 1) + 9 + 3);
    expect(maxDifference(evolve(circuit(n, ops), 24), gateByGate(n, ops))).toBeLessThan(1e-14);
  });

  it("give the gates' own state on random runs, one, two and three table windows, sparse and dense", () => {
    for (const n of [5, 9, 13, 18]) {
      for (let seed = 1; seed <= 4; seed += 1) {
        const ops = phaseRunOps(n, 40 * n + seed);
        expect(compile(ops).some((p) => p.kind === PassKind.phaseRun)).toBe(true);
        expect(maxDifference(evolve(circuit(n, ops), 24), gateByGate(n, ops))).toBeLessThan(1e-13);
        // From a random state (dense from the start).
        const start = randomState(n, seed);
        const fused = { qubits: n, re: start.re.slice(), im: start.im.slice() };
        runPasses(fused, compile(ops));
        expect(maxDifference(fused, gateByGate(n, ops, start))).toBeLessThan(1e-13);
      }
    }
  });
});

// Seeded random circuits of every gate kind.
const randomOps = (n: number, count: number, seed: number): GateOp[] => {
  const rng = new Rng(seed);
  const pick = (k: number) => Math.floor(rng.next() * k);
  const ops: GateOp[] = [];
  for (let g = 0; g < count; g += 1) {
    const spec = GATE_KINDS[pick(GATE_KINDS.length)];
    const qubits: number[] = [];
    while (qubits.length < spec.qubits) {
      const q = pick(n);
      if (!qubits.includes(q)) qubits.push(q);
    }
    ops.push({ name: spec.name, qubits, params: spec.params.map((p) => p + rng.next()), ...(spec.controls ? { controls: spec.controls } : {}) });
  }
  return ops;
};

const denseOnly = (n: number, ops: GateOp[]) => {
  const state = zeroState(n, 24);
  runPasses(state, compile(ops));
  return state;
};

const ghz = (n: number) => [gate("h", [0]), ...Array.from({ length: n - 1 }, (_, q) => gate("cx", [q, q + 1]))];
const qftOfBasis = (n: number) => {
  const ops: GateOp[] = [gate("x", [0]), gate("x", [n - 1])];
  for (let j = n - 1; j >= 0; j -= 1) {
    ops.push(gate("h", [j]));
    for (let m = j - 1; m >= 0; m -= 1) ops.push(gate("cp", [m, j], [Math.PI / 2 ** (j - m)]));
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) ops.push(gate("swap", [i, n - 1 - i]));
  return ops;
};

describe("the sparse path", () => {
  it("keeps GHZ and permutation-only circuits sparse to the end, with the dense path's amplitudes", () => {
    const n = 12;
    const permutations = [gate("x", [3]), gate("cx", [3, 7]), gate("swap", [7, 11]), gate("ccx", [3, 11, 0]), gate("cswap", [0, 1, 2])];
    for (const ops of [ghz(n), permutations]) {
      const passes = compile(ops);
      const sparse = basisState(n);
      expect(runSparse(sparse, passes)).toBe(passes.length);
      expect(sparse.index.length).toBeLessThanOrEqual(2);
      expect(maxDifference(evolve(circuit(n, ops), 24), denseOnly(n, ops))).toBe(0);
    }
  });

  it("hands over to the dense state once it fills up (QFT of a basis state) and ends where the dense path ends", () => {
    const n = 10;
    const ops = qftOfBasis(n);
    const passes = compile(ops);
    const done = runSparse(basisState(n), passes);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(passes.length);
    expect(maxDifference(evolve(circuit(n, ops), 24), denseOnly(n, ops))).toBeLessThan(1e-14);
  });

  it("agrees with the dense path on random circuits of every gate kind, qubits left untouched included", () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const n = 6 + (seed % 4);
      // Only the low half of the register is touched in half of the cases.
      const ops = randomOps(seed % 2 === 0 ? n : Math.ceil(n / 2), 4 + (seed % 9), seed);
      expect(maxDifference(evolve(circuit(n, ops), 24), denseOnly(n, ops))).toBeLessThan(1e-13);
    }
  });
});

describe("a pass run in pieces", () => {
  // Threads split a pass into ranges of pairs; a range may start or end inside a block of the
  // target (the loops walk a block's pairs as a run) or off a step of four (one pair a step).
  it("gives, range by range, bit for bit what one whole pass gives, on every target and kind", () => {
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const kinds: [string, (t: number) => ReturnType<typeof pass>][] = [
      ["u3", (t) => matrixPass(t, [c, 0.2, -s, 0.1, s, -0.1, c, 0.2])],
      ["ry", (t) => matrixPass(t, [c, 0, -s, 0, s, 0, c, 0])],
      ["rz", (t) => matrixPass(t, [c, -s, 0, 0, 0, 0, c, s])],
      ["p", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s])],
      ["x", (t) => pass(PassKind.x, t)],
      // One control, below and above the target.
      ["crx below", (t) => matrixPass(t, [c, 0, 0, -s, 0, -s, c, 0], 1 << (t === 0 ? 8 : t - 1))],
      ["crx above", (t) => matrixPass(t, [c, 0, 0, -s, 0, -s, c, 0], 1 << (t === 8 ? 0 : t + 1))],
      ["cx below", (t) => pass(PassKind.x, t, -1, 1 << (t === 0 ? 8 : t - 1))],
      ["cx above", (t) => pass(PassKind.x, t, -1, 1 << (t === 8 ? 0 : t + 1))],
      ["cp below", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s], 1 << (t === 0 ? 8 : t - 1))],
      ["cp above", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s], 1 << (t === 8 ? 0 : t + 1))],
    ];
    const n = 9;
    const rng = new Rng(7);
    for (const [name, make] of kinds) {
      for (let t = 0; t < n; t += 1) {
        const p = make(t);
        const span = passSpan(n, p);
        const whole = randomState(n, 40 + t);
        const pieces = copyState(whole);
        runPass(whole, p);
        // Cuts on steps of four and off them, inside blocks and on their edges.
        const step = (most: number) => Math.floor(rng.next() * most);
        const onStep = 4 * (1 + step(16));
        const offStep = onStep + 4 * step(16) + 1;
        const cuts = [0, onStep, offStep, offStep + 4 * step(8) + 3, span].map((cut) => Math.min(cut, span));
        for (let k = 0; k + 1 < cuts.length; k += 1) runPassRange(pieces.re, pieces.im, p, cuts[k], cuts[k + 1]);
        expect(sameBits(pieces.re, whole.re) && sameBits(pieces.im, whole.im), `${name} on target ${t} cut at ${cuts.join(", ")}`).toBe(true);
      }
    }
  });
});

describe("the statevector's memory", () => {
  it("keeps the imaginary parts a gap past the real parts that is no multiple of 4 KiB (five lines, or 32 KiB and five lines from 16 qubits), shared or not, copies included", () => {
    for (const [n, threads] of [
      [4, 1],
      [16, 1],
      [16, 2],
    ] as const) {
      const previous = configureSimulatorThreads({ threads, minQubits: 16 });
      try {
        const state = zeroState(n, 24);
        for (const s of [state, copyState(state)]) {
          expect(s.re.buffer).toBe(s.im.buffer);
          expect(s.re.buffer instanceof SharedArrayBuffer).toBe(threads > 1 && n >= 16);
          const distance = s.im.byteOffset - s.re.byteOffset;
          expect(distance).toBe(2 ** n * 8 + imGapBytes(n));
          expect(distance % 4096).not.toBe(0);
        }
      } finally {
        configureSimulatorThreads(previous);
      }
    }
  });
});

describe("a new large register", () => {
  // Its pages are touched (one write a page) before the first pass; the amplitudes stay |0…0⟩.
  it("is |0…0⟩ exactly, every amplitude, shared or not", () => {
    for (const threads of [1, 2]) {
      const previous = configureSimulatorThreads({ threads, minQubits: 16 });
      try {
        const state = zeroState(17, 24);
        expect(state.re[0]).toBe(1);
        expect(state.re.subarray(1).every((x) => x === 0) && state.im.every((x) => x === 0)).toBe(true);
      } finally {
        configureSimulatorThreads(previous);
      }
    }
  });
});

describe("the multi-threaded path", () => {
  const run = (threads: number, minQubits: number, fn: () => StateVector) => {
    const previous = configureSimulatorThreads({ threads, minQubits });
    try {
      return fn();
    } finally {
      configureSimulatorThreads(previous);
    }
  };

  it("gives bit-for-bit the single thread's amplitudes on every kind of pass, and really shares the state", () => {
    const n = 16;
    const ops = [...Array(n).keys()].map((q) => gate("h", [q])).concat(randomOps(n, 60, 77));
    const single = run(1, 16, () => denseOnly(n, ops));
    const multi = run(2, 16, () => denseOnly(n, ops));
    expect(single.re.buffer instanceof SharedArrayBuffer).toBe(false);
    expect(multi.re.buffer instanceof SharedArrayBuffer).toBe(true);
    expect(helperThreads()).toBeGreaterThan(0);
    expect(sameBits(single.re, multi.re)).toBe(true);
    expect(sameBits(single.im, multi.im)).toBe(true);
  });

  it("gives bit-for-bit the single thread's amplitudes on phase runs (their factors travel to the helpers)", () => {
    const n = 18;
    const ops = phaseRunOps(n, 7);
    expect(compile(ops).filter((p) => p.kind === PassKind.phaseRun && p.a >= 13).length).toBeGreaterThan(0);
    const single = run(1, 16, () => denseOnly(n, ops));
    const multi = run(2, 16, () => denseOnly(n, ops));
    expect(multi.re.buffer instanceof SharedArrayBuffer).toBe(true);
    expect(sameBits(single.re, multi.re)).toBe(true);
    expect(sameBits(single.im, multi.im)).toBe(true);
  });

  it("runs low passes blockwise, bit for bit as one pass after another", () => {
    const n = 16;
    const ops = [...Array(n).keys()].map((q) => gate("h", [q])).concat(randomOps(n, 80, 31));
    const passes = compile(ops);
    const tasks = tasksOf(n, passes);
    expect(tasks.some((task) => task.block > 0 && task.passes.length > 1)).toBe(true);
    expect(tasks.reduce((sum, task) => sum + task.passes.length, 0)).toBe(passes.length);
    const blocked = run(1, 16, () => denseOnly(n, ops));
    const oneByOne = zeroState(n, 24);
    for (const p of passes) runPass(oneByOne, p);
    expect(sameBits(blocked.re, oneByOne.re)).toBe(true);
    expect(sameBits(blocked.im, oneByOne.im)).toBe(true);
  });

  it("keeps its helpers while the caller is busy elsewhere, and ends them once no run came for the idle time", async () => {
    await closeSimulatorThreads();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const previous = configureSimulatorThreads({ threads: 2, minQubits: 16 });
    try {
      const n = 18;
      const ops = [...Array(n).keys()].map((q) => gate("h", [q])).concat(randomOps(n, 40, 3));
      // The helper starts with the first run and takes part once it is up.
      for (let k = 0; k < 5_000 && helperChunks() === 0; k += 1) releaseState(denseOnly(n, ops));
      expect(helperChunks()).toBeGreaterThan(0);
      // The caller blocks without returning to its event loop (as between a benchmark's runs):
      // the helper waits, and the next runs still share their passes with it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
      const before = helperChunks();
      for (let k = 0; k < 5_000 && helperChunks() === before; k += 1) releaseState(denseOnly(n, ops));
      expect(helperChunks()).toBeGreaterThan(before);
      expect(helperThreads()).toBe(1);
      // Back on its event loop with no run for HELPER_IDLE_MS, it ends the helper.
      vi.advanceTimersByTime(HELPER_IDLE_MS - 1);
      expect(helperThreads()).toBe(1);
      vi.advanceTimersByTime(1);
      expect(helperThreads()).toBe(0);
    } finally {
      vi.useRealTimers();
      configureSimulatorThreads(previous);
    }
  });

  it("keeps its helper taking part over hundreds of short runs in a row", () => {
    const previous = configureSimulatorThreads({ threads: 2, minQubits: 16 });
    try {
      const n = 16;
      const ops = [...Array(n).keys()].map((q) => gate("ry", [q], [0.2 + q / 10])).concat(qftOfBasis(n));
      const c = circuit(n, ops);
      for (let k = 0; k < 5_000 && helperChunks() === 0; k += 1) releaseState(evolve(c, 24));
      // A helper that lost a run's message waited for it for good, and took no part again.
      const stretches = [0, 1, 2, 3].map(() => {
        const before = helperChunks();
        for (let k = 0; k < 150; k += 1) releaseState(evolve(c, 24));
        return helperChunks() - before;
      });
      expect(stretches.every((chunks) => chunks > 0)).toBe(true);
    } finally {
      configureSimulatorThreads(previous);
    }
  });

  it("gives the same seeded samples at 20 qubits", () => {
    const n = 20;
    const ops = [...Array(n).keys()].map((q) => gate("ry", [q], [0.1 + q / 7])).concat(randomOps(n, 20, 5));
    const options = { shots: 100_000, seed: 99, maxQubits: 24 };
    const single = (() => {
      const previous = configureSimulatorThreads({ threads: 1 });
      try {
        return simulate(circuit(n, ops), options);
      } finally {
        configureSimulatorThreads(previous);
      }
    })();
    const previous = configureSimulatorThreads({ threads: 2, minQubits: 20 });
    try {
      const multi = simulate(circuit(n, ops), options);
      expect(multi.counts).toEqual(single.counts);
      expect(Object.keys(multi.counts).length).toBeGreaterThan(1000);
    } finally {
      configureSimulatorThreads(previous);
    }
  });
});

// The WebAssembly SIMD kernels (lib/simulator/kernels/wasm-kernels.ts) against the
// JavaScript ones (kernels/run-pass.ts), both generated from the same bodies (kernels/bodies.ts):
// a check of the two generators. The same pass on the same amplitudes, one register in WebAssembly
// memory and one in a plain buffer, must give the same bits, on every target and control pattern,
// whole or in pieces.
// kernels.test.ts checks the JavaScript kernels against a matrix-vector product.
import { afterAll, describe, expect, it } from "vitest";
import {
  PassKind,
  Rng,
  allocateState,
  closeSimulatorThreads,
  configureSimulatorThreads,
  copyState,
  matrixPass,
  pass,
  passSpan,
  releaseState,
  runPassRange,
  zeroState,
  type Pass,
  type StateVector,
} from "../../lib/simulator";
import { readAheadFrom, runWasmPass, wasmKernelsFor } from "../../lib/simulator/kernels/wasm-kernels";
import { registerMemory } from "../../lib/simulator/memory/wasm-memory";
import { sameBits } from "./same-bits";

afterAll(() => closeSimulatorThreads());

const n = 16;
const c = Math.cos(0.3);
const s = Math.sin(0.3);

// Random amplitudes with some zeros of both signs, so that a kernel that multiplied by 1 or added
// a 0 where the JavaScript kernel does not would show as a flipped sign bit.
const fill = (state: StateVector, seed: number) => {
  const rng = new Rng(seed);
  for (let i = 0; i < state.re.length; i += 1) {
    state.re[i] = i % 11 === 0 ? -0 : rng.next() - 0.5;
    state.im[i] = i % 13 === 0 ? (i % 2 === 0 ? 0 : -0) : rng.next() - 0.5;
  }
  return state;
};

/** The same register in a plain buffer, where only the JavaScript kernels run. */
const plainCopy = (state: StateVector): StateVector => {
  const buffer = new ArrayBuffer(state.re.buffer.byteLength);
  const copy = { qubits: state.qubits, re: new Float64Array(buffer, state.re.byteOffset, state.re.length), im: new Float64Array(buffer, state.im.byteOffset, state.im.length) };
  copy.re.set(state.re);
  copy.im.set(state.im);
  return copy;
};

const other = (t: number, offset: number) => (t + offset) % n;
const KINDS: [string, (t: number) => Pass][] = [
  ["u3", (t) => matrixPass(t, [c, 0.1, -s, 0.05, s, -0.05, c, 0.1])],
  ["ry", (t) => matrixPass(t, [c, 0, -s, 0, s, 0, c, 0])],
  ["h", (t) => matrixPass(t, [Math.SQRT1_2, 0, Math.SQRT1_2, 0, Math.SQRT1_2, 0, -Math.SQRT1_2, 0])],
  ["rz", (t) => matrixPass(t, [c, -s, 0, 0, 0, 0, c, s])],
  ["p", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s])],
  ["x", (t) => pass(PassKind.x, t)],
  ["cx, control above", (t) => pass(PassKind.x, t, -1, 1 << other(t, 1))],
  ["cx, control below", (t) => pass(PassKind.x, t, -1, 1 << other(t, n - 1))],
  ["ccx", (t) => pass(PassKind.x, t, -1, (1 << other(t, 3)) | (1 << other(t, 7)))],
  ["c3x (three controls: JavaScript)", (t) => pass(PassKind.x, t, -1, (1 << other(t, 2)) | (1 << other(t, 5)) | (1 << other(t, 9)))],
  ["swap", (t) => pass(PassKind.swap, t, other(t, 5))],
  ["swap, neighbours", (t) => pass(PassKind.swap, t, other(t, 1))],
  ["cswap", (t) => pass(PassKind.swap, t, other(t, 4), 1 << other(t, 9))],
  ["crx", (t) => matrixPass(t, [c, 0, 0, -s, 0, -s, c, 0], 1 << other(t, 2))],
  ["cry", (t) => matrixPass(t, [c, 0, -s, 0, s, 0, c, 0], 1 << other(t, n - 2))],
  ["crz", (t) => matrixPass(t, [c, -s, 0, 0, 0, 0, c, s], 1 << other(t, 6))],
  ["cp", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s], 1 << other(t, 1))],
  ["ccp", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s], (1 << other(t, 1)) | (1 << other(t, 4)))],
  ["rzz (JavaScript)", (t) => pass(PassKind.zz, t, other(t, 3), 0, [c, s, 0, 0, 0, 0, 0, 0])],
];

describe("registers in WebAssembly memory", () => {
  it("are the ones from 16 qubits, shared between threads or not, copies included", () => {
    for (const threads of [1, 2]) {
      const previous = configureSimulatorThreads({ threads, minQubits: 16 });
      try {
        for (const qubits of [15, 16, 18]) {
          const state = zeroState(qubits, 24);
          for (const s of [state, copyState(state)]) {
            expect(wasmKernelsFor(s.re.buffer) !== undefined, `${qubits} qubits`).toBe(qubits >= 16);
            expect(s.re.buffer instanceof SharedArrayBuffer).toBe(threads > 1 && qubits >= 16);
          }
        }
      } finally {
        configureSimulatorThreads(previous);
      }
    }
  });
});

describe("the WebAssembly kernels", () => {
  it("give bit for bit the JavaScript kernels' state, on every target and control pattern", () => {
    for (const [name, make] of KINDS) {
      for (let t = 0; t < n; t += 1) {
        const p = make(t);
        const wasm = fill(allocateState(n, false), t + 1);
        const plain = plainCopy(wasm);
        expect(wasmKernelsFor(wasm.re.buffer)).toBeDefined();
        expect(wasmKernelsFor(plain.re.buffer)).toBeUndefined();
        runPassRange(wasm.re, wasm.im, p, 0, passSpan(n, p));
        runPassRange(plain.re, plain.im, p, 0, passSpan(n, p));
        expect(sameBits(wasm.re, plain.re) && sameBits(wasm.im, plain.im), `${name} on target ${t}`).toBe(true);
      }
    }
  });

  it("take every common kind, on the lowest target too (swaps with qubit 0 included); more than three fixed bits, a control on qubit 0 and zz stay in JavaScript", () => {
    const state = allocateState(n, false);
    const kernels = wasmKernelsFor(state.re.buffer)!;
    const runsHere = (p: Pass) => runWasmPass(kernels, state.re, state.im, p, 0, passSpan(n, p));
    for (const [name, make] of KINDS) {
      const inJavaScript = name.includes("JavaScript");
      for (const t of [0, 1, 8, n - 1]) {
        const p = make(t);
        // A control on qubit 0 leaves a pair's amplitudes in the same lane of different vectors.
        const controlOnZero = (p.controls & 1) !== 0;
        expect(runsHere(p), `${name} on target ${t}`).toBe(!inJavaScript && !controlOnZero);
      }
    }
  });

  it("read ahead on one-qubit passes of targets 6–10 only (a phase from target 3) of registers larger than the largest cache, the same bits, and never past the memory's end", () => {
    // A 13-qubit register whose imaginary parts end exactly where its memory ends: the touches
    // of the last block would fall past it if they were not held back.
    const qubits = 13;
    const size = 2 ** qubits;
    const buffer = registerMemory(new WebAssembly.Memory({ initial: (2 * size * 8) / 65536, maximum: (2 * size * 8) / 65536 }));
    const state = { qubits, re: new Float64Array(buffer, 0, size), im: new Float64Array(buffer, size * 8, size) };
    const kernels = wasmKernelsFor(buffer)!;
    let aheadCalls = 0;
    for (const body of Object.keys(kernels.runsAhead) as (keyof typeof kernels.runsAhead)[]) {
      const kernel = kernels.runsAhead[body];
      kernels.runsAhead[body] = (...args) => {
        aheadCalls += 1;
        kernel(...args);
      };
    }
    const cases: [string, (t: number) => Pass, boolean][] = [
      ["u3", (t) => matrixPass(t, [c, 0.1, -s, 0.05, s, -0.05, c, 0.1]), true],
      ["ry", (t) => matrixPass(t, [c, 0, -s, 0, s, 0, c, 0]), true],
      ["rz", (t) => matrixPass(t, [c, -s, 0, 0, 0, 0, c, s]), true],
      ["p", (t) => matrixPass(t, [1, 0, 0, 0, 0, 0, c, s]), true],
      ["x", (t) => pass(PassKind.x, t), true],
      // Controlled: the runs skip blocks, so nothing is read ahead.
      ["cx, control above", (t) => pass(PassKind.x, t, -1, 1 << 12), false],
      ["crx, control below", (t) => matrixPass(t, [c, 0, 0, -s, 0, -s, c, 0], 1 << 1), false],
    ];
    // Registers that fit in the largest cache do not read ahead; this one is made to count as larger.
    const threshold = readAheadFrom();
    const runHere = (p: Pass) => runWasmPass(kernels, state.re, state.im, p, 0, passSpan(qubits, p));
    expect(threshold).toBeGreaterThan(2 * size * 8);
    runHere(matrixPass(7, [c, 0, -s, 0, s, 0, c, 0]));
    expect(aheadCalls).toBe(0);
    readAheadFrom(0);
    try {
      for (const [name, make, uncontrolled] of cases) {
        for (const t of [2, 3, 5, 6, 7, 8, 9, 10, 11]) {
          fill(state, 7 + t);
          const plain = plainCopy(state);
          const p = make(t);
          const before = aheadCalls;
          expect(runHere(p), `${name} on target ${t}`).toBe(true);
          expect(aheadCalls - before, `${name} on target ${t} read ahead`).toBe(uncontrolled && t >= (name === "p" ? 3 : 6) && t <= 10 ? 1 : 0);
          runPassRange(plain.re, plain.im, p, 0, passSpan(qubits, p));
          expect(sameBits(state.re, plain.re) && sameBits(state.im, plain.im), `${name} on target ${t}`).toBe(true);
        }
      }
    } finally {
      readAheadFrom(threshold);
    }
  });

  it("give, range by range, bit for bit what one whole pass gives, odd cuts (run in JavaScript) included", () => {
    const rng = new Rng(5);
    for (const [name, make] of KINDS) {
      for (const t of [0, 1, 2, 5, 9, n - 1]) {
        const p = make(t);
        const span = passSpan(n, p);
        const whole = fill(allocateState(n, false), 100 + t);
        const pieces = copyState(whole);
        runPassRange(whole.re, whole.im, p, 0, span);
        const even = 2 * (1 + Math.floor(rng.next() * 200));
        const odd = even + 2 * Math.floor(rng.next() * 100) + 1;
        const cuts = [0, even, odd, odd + 6, span].map((cut) => Math.min(cut, span));
        for (let k = 0; k + 1 < cuts.length; k += 1) runPassRange(pieces.re, pieces.im, p, cuts[k], cuts[k + 1]);
        expect(sameBits(pieces.re, whole.re) && sameBits(pieces.im, whole.im), `${name} on target ${t} cut at ${cuts.join(", ")}`).toBe(true);
      }
    }
  });
});

describe("a shared register handed back", () => {
  it("is reused, as |0…0⟩ again, by the next shared register of its size; one in WebAssembly memory by the next like it; a plain one is not kept", () => {
    const used = allocateState(n, true);
    fill(used, 3);
    releaseState(used);
    const next = allocateState(n, true);
    expect(next.re.buffer).toBe(used.re.buffer);
    expect(next.re.every((x) => x === 0) && next.im.every((x) => x === 0)).toBe(true);
    expect(wasmKernelsFor(next.re.buffer)).toBeDefined();
    // Another size gets memory of its own.
    releaseState(next);
    expect(allocateState(n + 1, true).re.buffer).not.toBe(used.re.buffer);
    // A register in WebAssembly memory that is not shared is reused by the next one like it,
    // never by a shared one (nor a shared one by it). (The shared spare left above goes first.)
    expect(allocateState(n, true).re.buffer).toBe(next.re.buffer);
    const own = allocateState(n, false);
    fill(own, 5);
    releaseState(own);
    expect(allocateState(n, true).re.buffer).not.toBe(own.re.buffer);
    const again = allocateState(n, false);
    expect(again.re.buffer).toBe(own.re.buffer);
    expect(again.re.every((x) => x === 0) && again.im.every((x) => x === 0)).toBe(true);
    // A register in a plain buffer (under 16 qubits) is left to the garbage collector.
    const plain = allocateState(n - 1, false);
    releaseState(plain);
    expect(allocateState(n - 1, false).re.buffer).not.toBe(plain.re.buffer);
  });
});


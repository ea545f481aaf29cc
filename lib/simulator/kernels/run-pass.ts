// Runs a pass, or a range of its iterations (what a thread takes): in WebAssembly when the register
// lives in WebAssembly memory and the pass has a kernel there (wasm-kernels.ts), else in the
// JavaScript kernels of its family (single-qubit.ts, controlled.ts, swap.ts, diagonal.ts). Both
// compute from the same bodies (bodies.ts) and give the same bits.
import { WASM_MIN_QUBITS } from "../memory/wasm-memory";
import type { StateVector } from "../memory/registers";
import type { GateOp } from "../passes/gates";
import { gatePasses } from "../passes/gates";
import { PassKind, fixedBits, pass, passSpan, type Pass } from "../passes/pass";
import { bodyOf } from "./bodies";
import { anyControlsKernelOf, insertMasks, oneControlKernelOf } from "./controlled";
import { phaseRunKernel, zzKernel } from "./diagonal";
import { oneQubitKernelOf } from "./single-qubit";
import { swapKernel, xKernel } from "./swap";
import { runWasmPass, wasmKernelsFor } from "./wasm-kernels";

// Registers this large may live in WebAssembly memory (memory/registers.ts); smaller ones never
// do, so their passes skip the lookup.
const WASM_MIN_AMPLITUDES = 2 ** WASM_MIN_QUBITS;

/** Runs iterations [from, to) of a pass (the whole pass: 0 … passSpan). */
export const runPassRange = (re: Float64Array, im: Float64Array, p: Pass, from: number, to: number): void => {
  if (re.length >= WASM_MIN_AMPLITUDES) {
    const wasm = wasmKernelsFor(re.buffer);
    if (wasm !== undefined && runWasmPass(wasm, re, im, p, from, to)) return;
  }
  const { kind, a, b, controls, m } = p;
  // zz is never controlled (passes/gates.ts writes a controlled rzz as CX · RZ · CX).
  if (controls !== 0 && kind !== PassKind.zz) {
    const body = bodyOf(p)!;
    const oneControl = kind !== PassKind.swap && (controls & (controls - 1)) === 0;
    if (oneControl) return oneControlKernelOf(body)(re, im, from, to, a, 31 - Math.clz32(controls), m);
    const offsets = kind === PassKind.swap ? [1 << a, 1 << b] : [0, 1 << a];
    return anyControlsKernelOf(body)(re, im, from, to, insertMasks(fixedBits(p)), controls, offsets[0], offsets[1], m);
  }
  switch (kind) {
    case PassKind.matrix: return oneQubitKernelOf("matrix")(re, im, from, to, a, m);
    case PassKind.real: return oneQubitKernelOf("real")(re, im, from, to, a, m);
    case PassKind.diagonal: return oneQubitKernelOf("diagonal")(re, im, from, to, a, m);
    case PassKind.phase: return oneQubitKernelOf("phase")(re, im, from, to, a, m);
    case PassKind.x: return xKernel(re, im, from, to, a);
    case PassKind.swap: return swapKernel(re, im, from, to, a, b);
    case PassKind.zz: return zzKernel(re, im, from, to, a, b, m);
    case PassKind.phaseRun: return phaseRunKernel(re, im, from, to, p);
    default: throw new Error(`unknown pass kind ${kind}`);
  }
};

/** Runs a whole pass on one thread. */
export const runPass = (state: StateVector, p: Pass) => runPassRange(state.re, state.im, p, 0, passSpan(state.qubits, p));

/** Applies one gate in place (one thread). The caller has checked arity, parameters and qubit indexes. */
export const applyGate = (state: StateVector, op: GateOp): void => {
  for (const p of gatePasses(op)) runPass(state, p);
};

/** X on the target (controlled: CX, CCX): swaps the paired amplitudes. */
export const applyX = (state: StateVector, target: number, controls = 0) => runPass(state, pass(PassKind.x, target, -1, controls));

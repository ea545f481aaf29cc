// The kernels in WebAssembly with 128-bit SIMD: two amplitudes an instruction, no bounds checks.
// A pass on a register in WebAssembly memory (memory/registers.ts allocates large registers there)
// runs here when its kind has a kernel below; anything else (more than three fixed bits, a control
// on qubit 0, zz, phase runs, odd ranges) runs in the JavaScript kernels (run-pass.ts).
//
// The arithmetic is the bodies' (bodies.ts), turned into SIMD steps by wasm-bodies.ts: the same
// floating-point operations in the same order as the JavaScript walks compiled from the same
// bodies, so a pass gives bit-for-bit the state the JavaScript kernel gives, whichever thread runs
// which part (tests/quantum/wasm-kernels.test.ts checks every kind, target and control pattern).
//
// One function per body and walk:
// - runs: every fixed bit is 1 or above, so the pairs' first amplitudes come in runs of at least
//   two consecutive indices; each step takes two pairs, one vector from each side;
// - lanes: the target is qubit 0, so a pair is the two lanes of one vector; each step takes one
//   pair and shuffles lanes, the pairs again in runs up to the next fixed bit.
// Both walk the pass's index space [from, to) as the JavaScript walks do: zero bits put back at the
// fixed bits (up to three insert masks; an unused mask is 0), the control bits ORed in.
import { readdirSync, readFileSync } from "node:fs";
import { memoryOf } from "../memory/wasm-memory";
import { PassKind, type Pass } from "../passes/pass";
import { BODIES, bodyOf, type BodyName } from "./bodies";
import { L, LOCALS, P, PARAMS, lanesStep, runsStep, swapLanesStep, type WasmStep } from "./wasm-bodies";
import { op, wasmModule, type WasmFunction } from "./wasm-encoding";

const { get, set, tee } = op;

// base = p with zero bits put back at the fixed bits, the control bits ORed in; lo = its byte address.
const locate = [
  ...get(L.p),
  ...tee(L.base),
  ...[P.mask0, P.mask1, P.mask2].flatMap((mask) => [...get(L.base), ...get(mask), ...op.and, ...op.add, ...tee(L.base)]),
  ...get(P.orBits),
  ...op.or,
  ...op.i32(3),
  ...op.shl,
  ...get(P.reBase),
  ...op.add,
  ...set(L.lo),
];

// Walks the index space in runs of consecutive p (runLength − p mod runLength of them, at most
// to − p), whose amplitudes lie evenly spaced in memory: 8 bytes a p on the runs walk (a step takes
// two), hiBytes a p on the lanes walk (a step takes one pair, one vector; 16 bytes when only qubit
// 0 is fixed, 32 when qubits 0 and 1 are, …). No index arithmetic inside a run.
//
// The ahead walk is the runs walk for a pass whose runs are whole halves of blocks (the lowest
// fixed bit is the target: a block is 2^(t+1) amplitudes, its first half the pairs' first
// amplitudes, its second half their second ones), reading ahead of itself. A plain runs walk
// reads each block as two streams side by side, at the pair's distance; on this machine's memory
// (AMD EPYC, measured with a bare multiply pass and no arithmetic), two such streams in runs of
// 1–16 KiB move 1.5–2.7× slower than one stream over the same bytes, and passes on targets 6–10
// cost 1.6–3.8× the bound for it. Touching lines ahead in address order, two a step (the step
// covers one line of each side in four), makes the memory see one forward stream. Where the
// touches start (aheadBytes past the run's first byte, runWasmPass picks it):
// - the next block (two halves on), for halves of 512 B to 2 KiB (targets 6–8; a phase pass from
//   64 B, target 3): the block is in the cache when its turn comes;
// - this block's second half (one half on), for halves of 4 and 8 KiB (targets 9, 10): the touches
//   cover it in the first half of the run and the next block's first half in the second. Reading
//   a whole block ahead, the two blocks (re and im) outgrew the 48 KiB L1 there and measured slower
//   than the plain walk; one half ahead keeps one block in the cache.
// From 16 KiB halves both measured slower than the plain walk, which is taken there. The touches
// past the end of the register stop at the last line that has an im line after it (aheadMax).
type Walk = "Runs" | "RunsAhead" | "Lanes";
const aheadStart = [
  ...op.memorySize,
  ...op.i32(16),
  ...op.shl,
  ...get(P.imDelta),
  ...op.sub,
  ...op.i32(64),
  ...op.sub,
  ...set(L.aheadMax),
];
// At each run: ahead = lo + aheadBytes.
const aheadRun = [...get(L.lo), ...get(P.aheadBytes), ...op.add, ...set(L.ahead)];
// At each step: ahead = min(ahead, aheadMax); touch its re and im lines; ahead += 32.
const aheadStep = [
  ...get(L.ahead),
  ...get(L.aheadMax),
  ...get(L.ahead),
  ...get(L.aheadMax),
  ...op.ltU,
  ...op.select,
  ...tee(L.ahead),
  ...op.touch,
  ...get(L.ahead),
  ...get(P.imDelta),
  ...op.add,
  ...op.touch,
  ...get(L.ahead),
  ...op.i32(32),
  ...op.add,
  ...set(L.ahead),
];

const walkFunction = (name: string, body: WasmStep, walk: Walk): WasmFunction => ({
  name: `${name}${walk}`,
  params: PARAMS,
  locals: LOCALS,
  body: [
    ...body.setup,
    ...(walk === "RunsAhead" ? aheadStart : []),
    ...get(P.from),
    ...set(L.p),
    ...op.block,
    ...op.loop,
    ...get(L.p),
    ...get(P.to),
    ...op.geU,
    ...op.brIf(1),
    ...locate,
    // run = min(to − p, runLength − (p mod runLength)); end = lo + run · bytes a p.
    ...get(P.to),
    ...get(L.p),
    ...op.sub,
    ...get(P.runLength),
    ...get(L.p),
    ...get(P.runLength),
    ...op.i32(1),
    ...op.sub,
    ...op.and,
    ...op.sub,
    ...tee(L.run),
    ...get(P.to),
    ...get(L.p),
    ...op.sub,
    ...get(L.run),
    ...op.ltU,
    ...op.select,
    ...tee(L.run),
    ...get(walk === "Lanes" ? P.hiBytes : P.pBytes),
    ...op.mul,
    ...get(L.lo),
    ...op.add,
    ...set(L.end),
    ...(walk === "RunsAhead" ? aheadRun : []),
    ...op.loop,
    ...(walk === "RunsAhead" ? aheadStep : []),
    ...(walk === "Lanes" ? [] : [...get(L.lo), ...get(P.hiBytes), ...op.add, ...set(L.hi)]),
    ...body.step,
    ...get(L.lo),
    ...(walk === "Lanes" ? get(P.hiBytes) : [...get(P.pBytes), ...op.i32(1), ...op.shl]),
    ...op.add,
    ...tee(L.lo),
    ...get(L.end),
    ...op.ltU,
    ...op.brIf(0),
    ...op.end,
    ...get(L.p),
    ...get(L.run),
    ...op.add,
    ...set(L.p),
    ...op.br(0),
    ...op.end,
    ...op.end,
  ],
});

const BODY_NAMES = Object.keys(BODIES) as BodyName[];

/** Every function of the module: built when a thread first needs the module, not when it loads. */
const functions = (): WasmFunction[] => [
  ...BODY_NAMES.flatMap((name) => [walkFunction(name, runsStep(BODIES[name]), "Runs"), walkFunction(name, runsStep(BODIES[name]), "RunsAhead")]),
  ...BODY_NAMES.map((name) => walkFunction(name, lanesStep(BODIES[name]), "Lanes")),
  walkFunction("swapLanes", swapLanesStep(BODIES.swap), "Lanes"),
];

/**
 * Halves of blocks (hiBytes) the ahead walk reads the next block for, and this block's second half
 * for. A phase pass reads only second halves: from 64-byte halves (target 3) up the memory saw
 * them as one stream with holes, which measured as slow as the whole register or slower (a phase
 * on target 4 of 22 qubits 2.8–3.2× the bound), and reading the whole next block ahead made it
 * 0.7–0.9×. The other bodies read both halves and gained nothing below 512 bytes.
 */
const AHEAD_HALVES = { nextBlock: { min: 512, phaseMin: 64, max: 2048 }, secondHalf: { min: 4096, max: 8192 } };

/**
 * The largest cache's size in bytes, from Linux's description of cpu0's caches, else 32 MiB. A
 * register that fits in it is read from the cache, not from memory, and there reading ahead only
 * adds loads: at 20 qubits (16 MiB, in a 32 MiB L3) it made phase passes on targets 6–10 go from
 * 0.6–0.8× to 1.0–1.1× the bound and x from 1.0–1.1× to 1.1–1.7×.
 */
const largestCacheBytes = () => {
  const caches = "/sys/devices/system/cpu/cpu0/cache";
  try {
    const sizes = readdirSync(caches)
      .filter((entry) => entry.startsWith("index"))
      .map((entry) => readFileSync(`${caches}/${entry}/size`, "utf8").trim())
      .map((size) => Number.parseInt(size, 10) * (size.endsWith("M") ? 2 ** 20 : size.endsWith("K") ? 2 ** 10 : 1))
      .filter((size) => Number.isFinite(size) && size > 0);
    if (sizes.length > 0) return Math.max(...sizes);
  } catch {
    // Not Linux, or no such description: the usual size below.
  }
  return 32 * 2 ** 20;
};
let readAheadFromBytes: number | undefined;

/**
 * Registers (re and im) larger than this many bytes read ahead on middle targets: by default the
 * largest cache's size; tests set it to 0 to run the ahead walk on small registers. Returns the
 * value before.
 */
export const readAheadFrom = (bytes?: number) => {
  const before = (readAheadFromBytes ??= largestCacheBytes());
  if (bytes !== undefined) readAheadFromBytes = bytes;
  return before;
};

type Kernel = (
  from: number, to: number, mask0: number, mask1: number, mask2: number, runLength: number, orBits: number, hiBytes: number, reBase: number, imDelta: number,
  otherBytes: number, pBytes: number, aheadBytes: number, ar: number, ai: number, br: number, bi: number, cr: number, ci: number, dr: number, di: number,
) => void;
export type WasmKernels = { runs: Record<BodyName, Kernel>; runsAhead: Record<BodyName, Kernel>; lanes: Record<BodyName, Kernel>; swapLanes: Kernel };

const modules: { shared?: WebAssembly.Module; own?: WebAssembly.Module } = {};
const moduleFor = (shared: boolean) => {
  const key = shared ? "shared" : "own";
  return (modules[key] ??= new WebAssembly.Module(wasmModule(functions(), shared)));
};

const instances = new WeakMap<ArrayBufferLike, WasmKernels>();

/** The kernels bound to the memory of `buffer`, or undefined when the buffer is not WebAssembly memory. */
export const wasmKernelsFor = (buffer: ArrayBufferLike): WasmKernels | undefined => {
  const known = instances.get(buffer);
  if (known) return known;
  const memory = memoryOf(buffer);
  if (!memory) return undefined;
  const exports = new WebAssembly.Instance(moduleFor(buffer instanceof SharedArrayBuffer), { env: { memory } }).exports as Record<string, Kernel>;
  const pick = (suffix: string) =>
    Object.fromEntries(BODY_NAMES.map((body) => [body, exports[`${body}${suffix}`]])) as Record<BodyName, Kernel>;
  const kernels = { runs: pick("Runs"), runsAhead: pick("RunsAhead"), lanes: pick("Lanes"), swapLanes: exports.swapLanesLanes };
  instances.set(buffer, kernels);
  return kernels;
};

const NO_NUMBERS = [0, 0, 0, 0, 0, 0, 0, 0] as const;

/**
 * Runs iterations [from, to) of a pass in WebAssembly when it has a kernel here; false (nothing
 * done) otherwise. The body is the one the JavaScript kernels run (bodies.ts, bodyOf), so the arithmetic matches.
 */
export const runWasmPass = (kernels: WasmKernels, re: Float64Array, im: Float64Array, p: Pass, from: number, to: number): boolean => {
  const { kind, a, controls } = p;
  const body = bodyOf(p);
  if (body === undefined) return false;
  let fixed = (1 << a) | controls;
  let orBits = controls;
  let hi = 1 << a;
  let other = 0;
  let swapLanes = false;
  if (kind === PassKind.swap) {
    const low = Math.min(a, p.b);
    const high = Math.max(a, p.b);
    fixed |= 1 << p.b;
    if (low === 0) {
      // Qubit 0 with qubit `high`: the two amplitudes are lane 1 and lane 0 of two vectors.
      swapLanes = true;
      other = 1 << high;
    } else {
      orBits |= 1 << low;
      hi = (1 << high) - (1 << low);
    }
  }
  const masks = [0, 0, 0];
  let count = 0;
  for (let bit = 0; bit < 31; bit += 1) {
    if ((fixed & (1 << bit)) === 0) continue;
    if (count === 3) return false;
    masks[count] = -(1 << bit);
    count += 1;
  }
  const lowest = fixed & -fixed;
  let kernel: Kernel;
  let runLength = lowest;
  let pBytes = 8;
  let aheadBytes = 0;
  if (lowest >= 2) {
    // Two pairs a step: the range must hold whole steps.
    if (((from | to) & 1) !== 0) return false;
    // One qubit, no controls: the runs are the halves of consecutive blocks, all of which the pass
    // reads (a phase only the second halves, and reading the first ones too was faster:
    // AHEAD_HALVES), so reading ahead reads nothing it should not. With controls the walk skips
    // blocks, which reading ahead would read anyway.
    const halfBytes = hi * 8;
    const within = ({ min, max }: { min: number; max: number }) =>
      fixed === hi && halfBytes >= min && halfBytes <= max && re.length * 16 > readAheadFrom();
    const { nextBlock } = AHEAD_HALVES;
    if (within({ min: body === "phase" ? nextBlock.phaseMin : nextBlock.min, max: nextBlock.max })) aheadBytes = 2 * halfBytes;
    else if (within(AHEAD_HALVES.secondHalf)) aheadBytes = halfBytes;
    kernel = (aheadBytes > 0 ? kernels.runsAhead : kernels.runs)[body];
    if (lowest === 2) {
      // Qubit 1 fixed (and qubits 2 … c with it): runs of two p, one step each, would work out
      // their position again at every step (target 1 measured 1.4–1.7× target 5). p's bit 0 is
      // index bit 0 and its next bits land from bit c + 1 up, so each step's two p lie 2^(c + 1)
      // amplitudes after the step before, up to the next fixed bit above c: one run.
      let c = 1;
      while ((fixed >>> (c + 1)) & 1) c += 1;
      const rest = fixed >>> (c + 1);
      runLength = rest === 0 ? 2 ** 30 : (rest & -rest) * 2;
      pBytes = 8 << c;
    }
  } else if ((hi === 1 || swapLanes) && (orBits & 1) === 0) {
    // Target 0: one pair a p. With the lowest `low` bits all fixed, p's bits land from bit `low` up,
    // so consecutive p lie 2^low amplitudes apart, up to the next fixed bit above them (or the
    // whole range).
    let low = 0;
    while ((fixed >>> low) & 1) low += 1;
    const rest = fixed >>> low;
    runLength = rest === 0 ? 2 ** 30 : rest & -rest;
    hi = 1 << low;
    kernel = swapLanes ? kernels.swapLanes : kernels.lanes[body];
  } else return false;
  const m = kind === PassKind.x || kind === PassKind.swap ? NO_NUMBERS : p.m;
  kernel(from, to, masks[0], masks[1], masks[2], runLength, orBits, hi * 8, re.byteOffset, im.byteOffset - re.byteOffset, other * 8, pBytes, aheadBytes, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]);
  return true;
};

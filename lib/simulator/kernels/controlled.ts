// Passes under controls (cx, cz, cp, crz, ccx, cswap, any controlled matrix), in JavaScript: the
// fixed bits are put back into each index, the control bits ORed in, and the body (bodies.ts: the
// general matrix, the phase for one control, the swap) runs on the pair. Controlled passes touch
// half the amplitudes or fewer, so the general matrix body serves every kind but the phase with
// one control and the permutations (bodies.ts, bodyOf).
import type { Matrix2 } from "../passes/pass";
import { BODIES, type BodyName } from "./bodies";
import { compileKernel, jsNumbers, jsStep, kernelsByName, type Body } from "./expression";

export type OneControlKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, control: number, m: Matrix2) => void;
export type AnyControlsKernel = (
  re: Float64Array, im: Float64Array, from: number, to: number, masks: Int32Array, controls: number, xOffset: number, yOffset: number, m: Matrix2,
) => void;

// One control (cx, cz, cp, crz, … the common case): the two fixed bits put back inline, the pair
// (i, i + 2^t) with i's control bit set. With both bits at 2 or above, pairs come in runs of
// 2^min(t, control) consecutive i (as in the uncontrolled kernels, single-qubit.ts): walked four
// pairs a step, no index arithmetic per pair.
const oneControlKernel = (body: Body) =>
  compileKernel<OneControlKernel>(
    `one-control-${body.name}`,
    ["re", "im", "from", "to", "t", "control", "m"],
    `${jsNumbers(body)}
const s = 1 << t;
const cbit = 1 << control;
const m1 = -(1 << Math.min(t, control));
const m2 = -(1 << Math.max(t, control));
const runLength = 1 << Math.min(t, control);
if (runLength >= 4 && ((from | to) & 3) === 0) {
  for (let p = from; p < to; ) {
    const q = p + (p & m1);
    const first = (q + (q & m2)) | cbit;
    const run = Math.min(to - p, runLength - (p & (runLength - 1)));
    const end = first + run;
    for (let i = first; i < end; i += 4) {
      const j = i + s;
      ${[0, 1, 2, 3].map((k) => jsStep(body, k === 0 ? "i" : `i + ${k}`, k === 0 ? "j" : `j + ${k}`)).join("\n")}
    }
    p += run;
  }
  return;
}
for (let p = from; p < to; p += 1) {
  const q = p + (p & m1);
  const i = (q + (q & m2)) | cbit;
  const j = i + s;
  ${jsStep(body, "i", "j")}
}`,
  );

// Any controls: the fixed bits put back one by one (masks: ~(2^k − 1) for each fixed bit k in
// ascending order; base += base & mask puts a zero back at k), the pair at base + xOffset and
// base + yOffset (0 and 2^t for a matrix or X, 2^a and 2^b for a swap).
const anyControlsKernel = (body: Body) =>
  compileKernel<AnyControlsKernel>(
    `controlled-${body.name}`,
    ["re", "im", "from", "to", "masks", "controls", "xOffset", "yOffset", "m"],
    `${jsNumbers(body)}
const count = masks.length;
for (let p = from; p < to; p += 1) {
  let base = p;
  for (let k = 0; k < count; k += 1) base += base & masks[k];
  base |= controls;
  const x = base + xOffset;
  const y = base + yOffset;
  ${jsStep(body, "x", "y")}
}`,
  );

/** The kernel for one control (an X; a SWAP has three fixed bits then) of a body: matrix, phase or swap. */
export const oneControlKernelOf = kernelsByName((name: BodyName) => oneControlKernel(BODIES[name]));

/** The kernel for any controls of a body: matrix or swap (a phase with several controls takes the matrix body). */
export const anyControlsKernelOf = kernelsByName((name: BodyName) => anyControlsKernel(BODIES[name]));

/** ~(2^k − 1) for each fixed bit k in ascending order. */
export const insertMasks = (bits: number) => {
  const masks: number[] = [];
  for (let k = 0; k < 31; k += 1) if (bits & (1 << k)) masks.push(-(1 << k));
  return Int32Array.from(masks);
};

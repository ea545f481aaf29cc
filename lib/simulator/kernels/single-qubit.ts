// Single-qubit passes without controls (u3, ry, h, rz, p, a fused run): the JavaScript walk over
// the pairs (i, i + 2^t), compiled for each body (bodies.ts: matrix, real, diagonal, phase).
//
// A range in steps of four pairs (as every pass and every thread's share is) runs four pairs a
// step with no index arithmetic per pair: on a target of 3 or more the pairs of one block of
// 2^(t+1) amplitudes are a run i = i0 … i0 + 2^t − 1 with j = i + 2^t, walked with plain i + 1 …
// i + 3; on targets 0–2 each block of eight amplitudes holds four pairs at fixed offsets. The flat
// loop they replace computed i = p + (p & −2^t) per pair (and read ahead on targets 6–10); the
// runs measured up to a quarter faster on most targets at 22 and 24 qubits (docs/performance.md,
// decision 21). Any other range takes one pair a step. A phase changes only the j side, so from
// target 2 on its runs are whole runs of j, and it has no blocks of eight.
//
// The loops are written out per body (not the arithmetic passed in as a callback), as a callback
// measured about twice as slow in V8 (docs/quantum-model.md); generating them keeps one copy of
// each walk and of each body.
import type { Matrix2 } from "../passes/pass";
import { BODIES, type BodyName } from "./bodies";
import { compileKernel, jsNumbers, jsStep, kernelsByName, type Body } from "./expression";

export type OneQubitKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number, m: Matrix2) => void;

const four = (body: Body, x: string, y: string) => [0, 1, 2, 3].map((k) => jsStep(body, k === 0 ? x : `${x} + ${k}`, k === 0 ? y : `${y} + ${k}`)).join("\n");

/** The walk of a one-qubit body: runs of four pairs from target `runsFrom`, blocks of eight below it when `blocks`. */
const oneQubitKernel = (body: Body, { runsFrom, blocks }: { runsFrom: number; blocks: boolean }) =>
  compileKernel<OneQubitKernel>(
    `one-qubit-${body.name}`,
    ["re", "im", "from", "to", "t", "m"],
    `${jsNumbers(body)}
const s = 1 << t;
const hm = -s;
if (((from | to) & 3) === 0) {
  if (t >= ${runsFrom}) {
    for (let p = from; p < to; ) {
      const first = p + (p & hm);
      const run = Math.min(to - p, s - (p & (s - 1)));
      const end = first + run;
      for (let i = first; i < end; i += 4) {
        const j = i + s;
        ${four(body, "i", "j")}
      }
      p += run;
    }
    return;
  }
  ${
    blocks
      ? `// Targets below ${runsFrom}: blocks of eight amplitudes, four pairs each, at fixed offsets in the block.
  const o1 = t === 0 ? 2 : 1;
  const o2 = t === 2 ? 2 : 4;
  const o3 = o1 + o2;
  for (let base = 2 * from; base < 2 * to; base += 8) {
    ${["base", "base + o1", "base + o2", "base + o3"].map((i) => `{\nconst i = ${i};\nconst j = i + s;\n${jsStep(body, "i", "j")}\n}`).join("\n")}
  }
  return;`
      : ""
  }
}
for (let p = from; p < to; p += 1) {
  const i = p + (p & hm);
  const j = i + s;
  ${jsStep(body, "i", "j")}
}`,
  );

const WALKS: Record<OneQubitBody, { runsFrom: number; blocks: boolean }> = {
  matrix: { runsFrom: 3, blocks: true },
  real: { runsFrom: 3, blocks: true },
  diagonal: { runsFrom: 3, blocks: true },
  phase: { runsFrom: 2, blocks: false },
};

export type OneQubitBody = Exclude<BodyName, "swap">;

/** The uncontrolled one-qubit kernel of a body. */
export const oneQubitKernelOf = kernelsByName((name: OneQubitBody) => oneQubitKernel(BODIES[name], WALKS[name]));

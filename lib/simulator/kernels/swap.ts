// Permutations without controls: X on one qubit and SWAP of two, in JavaScript, with the swap body
// (bodies.ts). Their controlled forms (CX, CCX, CSWAP) take the controlled walks (controlled.ts).
import { BODIES } from "./bodies";
import { compileKernel, jsStep } from "./expression";

// x keeps the flat loop: walking runs measured slower for it on targets 0, 1, 6 and 8 (a swap has
// no arithmetic to hide the loads behind), and it reads ahead on targets 6–10 (below).
// On targets 6–10 each sweep meets runs of 64–1,024 amplitudes in turn from the i and the j side, a
// pattern the cores' prefetchers follow badly; there the x loop also reads one line of re and of im
// AHEAD amplitudes past 2p, a plain forward sweep that brings each line in before the pairs need it.
const AHEAD = 8192;

/** X on target t over iterations [from, to); returns the sum of what it read ahead (see xKernel). */
type XKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number) => number;

const pairOf = (p: string) => `const i = ${p} + (${p} & hm);\nconst j = i + s;\n${jsStep(BODIES.swap, "i", "j")}`;

const compileX = () =>
  compileKernel<XKernel>(
    "x",
    ["re", "im", "from", "to", "t"],
    `const s = 1 << t;
const hm = -s;
if (((to - from) & 3) !== 0) {
  for (let p = from; p < to; p += 1) {
    ${pairOf("p")}
  }
  return 0;
}
const touch = t >= 6 && t <= 10;
const mask = re.length - 1;
let ahead = 0;
for (let p = from; p < to; p += 4) {
  if (touch) {
    const q = (2 * p + ${AHEAD}) & mask;
    ahead += re[q] + im[q];
  }
  ${["p", "p + 1", "p + 2", "p + 3"].map((q, k) => `{\n${k === 0 ? "" : `const q${k} = ${q};\n`}${pairOf(k === 0 ? "p" : `q${k}`)}\n}`).join("\n")}
}
return ahead;`,
  );
let xWalk: XKernel | undefined;

/** Where the read-ahead loads end up, so that they are not optimized away. */
let aheadSink = 0;

export const xKernel = (re: Float64Array, im: Float64Array, from: number, to: number, t: number) => {
  aheadSink += (xWalk ??= compileX())(re, im, from, to, t);
};

/** The sum of what X passes read ahead (nothing but a place for the loads to go). */
export const readAheadChecksum = () => aheadSink;

type SwapKernel = (re: Float64Array, im: Float64Array, from: number, to: number, a: number, b: number) => void;

const compileSwap = () =>
  compileKernel<SwapKernel>(
    "swap",
    ["re", "im", "from", "to", "a", "b"],
    `const low = Math.min(a, b);
const high = Math.max(a, b);
const m1 = -(1 << low);
const m2 = -(1 << high);
const bitA = 1 << a;
const bitB = 1 << b;
for (let p = from; p < to; p += 1) {
  const q = p + (p & m1);
  const base = q + (q & m2);
  const x = base + bitA;
  const y = base + bitB;
  ${jsStep(BODIES.swap, "x", "y")}
}`,
  );
let swapWalk: SwapKernel | undefined;

/** SWAP of qubits a and b over iterations [from, to): exchanges the amplitudes of …1…0… and …0…1…. */
export const swapKernel: SwapKernel = (re, im, from, to, a, b) => (swapWalk ??= compileSwap())(re, im, from, to, a, b);

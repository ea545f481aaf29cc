// The kernels' arithmetic, written once: what each kind of pass does to a pair of amplitudes (x at
// index i, y at j = i + 2^t), per gate family. The JavaScript walks (single-qubit.ts,
// controlled.ts, swap.ts) and the WebAssembly ones (wasm-kernels.ts) are generated from these
// bodies, so both targets compute every amplitude by the same operations in the same order and
// give the same bits (expression.ts). Two kinds have no pair body and run in JavaScript only:
// zz (swap.ts) and phase runs (diagonal.ts).
import { PassKind, type Pass } from "../passes/pass";
import { amplitude, type Body } from "./expression";

export type BodyName = "matrix" | "real" | "diagonal" | "phase" | "swap";

/** Single-qubit matrices: a complex [a, b; c, d] (u3, sx, a fused run), and a real one (ry, h). */
const matrix: Body<BodyName> = {
  name: "matrix",
  x: amplitude("ar*xr - ai*xi + br*yr - bi*yi", "ar*xi + ai*xr + br*yi + bi*yr"),
  y: amplitude("cr*xr - ci*xi + dr*yr - di*yi", "cr*xi + ci*xr + dr*yi + di*yr"),
};
const real: Body<BodyName> = {
  name: "real",
  x: amplitude("ar*xr + br*yr", "ar*xi + br*yi"),
  y: amplitude("cr*xr + dr*yr", "cr*xi + dr*yi"),
};

/** Diagonal and phase: diag(d0, d1) (rz), and diag(1, d1) (p, t, s, cp), which leaves x alone. */
const diagonal: Body<BodyName> = {
  name: "diagonal",
  x: amplitude("ar*xr - ai*xi", "ar*xi + ai*xr"),
  y: amplitude("dr*yr - di*yi", "dr*yi + di*yr"),
};
const phase: Body<BodyName> = { name: "phase", y: amplitude("dr*yr - di*yi", "dr*yi + di*yr") };

/** Permutations: X (and CX, CCX) and SWAP (and CSWAP) exchange two amplitudes. */
const swap: Body<BodyName> = { name: "swap", x: amplitude("yr", "yi"), y: amplitude("xr", "xi") };

export const BODIES: Record<BodyName, Body<BodyName>> = { matrix, real, diagonal, phase, swap };

const UNCONTROLLED: Partial<Record<number, BodyName>> = {
  [PassKind.matrix]: "matrix",
  [PassKind.real]: "real",
  [PassKind.diagonal]: "diagonal",
  [PassKind.phase]: "phase",
};

/**
 * The body a pass runs, in either target (undefined: zz and phase runs, JavaScript only). Under
 * controls every matrix takes the general body (a controlled pass touches half the amplitudes or
 * fewer), but a phase with one control (cp, cz) keeps its own: it changes a quarter of them.
 */
export const bodyOf = (p: Pass): BodyName | undefined => {
  if (p.kind === PassKind.x || p.kind === PassKind.swap) return "swap";
  if (p.kind === PassKind.zz || p.kind === PassKind.phaseRun) return undefined;
  if (p.controls !== 0) return p.kind === PassKind.phase && (p.controls & (p.controls - 1)) === 0 ? "phase" : "matrix";
  return UNCONTROLLED[p.kind];
};

// One-qubit unitaries: products of the simulator's gate matrices, their Euler angles, and the
// rz–sx–rz–sx–rz form hardware runs: U3(θ, φ, λ) = e^{iα}·RZ(φ+π)·SX·RZ(θ+π)·SX·RZ(λ).
import type { GateOp } from "../../simulator/passes/gates";
import type { Matrix2 } from "../../simulator/passes/pass";
import { multiply } from "../../simulator/passes/fuse";

export { multiply };

export const IDENTITY: Matrix2 = [1, 0, 0, 0, 0, 0, 1, 0];

/** θ, φ, λ with U ∝ U3(θ, φ, λ) (Qiskit's ZYZ angles). */
export const u3Angles = (u: Matrix2): [number, number, number] => {
  // Normalise to determinant 1: multiply by det^(−1/2).
  const detRe = u[0] * u[6] - u[1] * u[7] - (u[2] * u[4] - u[3] * u[5]);
  const detIm = u[0] * u[7] + u[1] * u[6] - (u[2] * u[5] + u[3] * u[4]);
  const half = -Math.atan2(detIm, detRe) / 2;
  const scale = 1 / Math.sqrt(Math.hypot(detRe, detIm));
  const [cr, ci] = [Math.cos(half) * scale, Math.sin(half) * scale];
  const at = (k: number) => [u[k] * cr - u[k + 1] * ci, u[k] * ci + u[k + 1] * cr];
  const [a00r, a00i] = at(0);
  const [a10r, a10i] = at(4);
  const [a11r, a11i] = at(6);
  const theta = 2 * Math.atan2(Math.hypot(a10r, a10i), Math.hypot(a00r, a00i));
  const ang1 = Math.atan2(a11i, a11r);
  const ang2 = Math.atan2(a10i, a10r);
  return [theta, ang1 + ang2, ang1 - ang2];
};

const TAU = 2 * Math.PI;
const wrap = (angle: number) => {
  const a = ((angle % TAU) + TAU) % TAU;
  return a > Math.PI ? a - TAU : a;
};
const EPS = 1e-10;
const isZero = (angle: number) => Math.abs(wrap(angle)) < EPS;

/** The gates, in rz/sx/x, that apply `u` (up to a global phase) to qubit q. */
export const zsxOps = (u: Matrix2, q: number): GateOp[] => {
  const [theta, phi, lambda] = u3Angles(u);
  const rz = (angle: number): GateOp[] => (isZero(angle) ? [] : [{ name: "rz", qubits: [q], params: [wrap(angle)] }]);
  if (Math.abs(theta) < EPS) return rz(phi + lambda);
  if (Math.abs(theta - Math.PI) < EPS) return [...rz(lambda), { name: "x", qubits: [q], params: [] }, ...rz(phi - Math.PI)];
  const sx: GateOp = { name: "sx", qubits: [q], params: [] };
  return [...rz(lambda), sx, ...rz(theta + Math.PI), sx, ...rz(phi + Math.PI)];
};

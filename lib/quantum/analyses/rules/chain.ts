// The circuit every analysis shares: one qubit per dimension of an entity (three by default),
// |1⟩ meaning "this dimension is healthy". Qubit k gets ry(θ_k); the first one the whole budget
// θ_0 = π·s_0, the others (1−λ)·π·s_k, and then cry(λ·π·s_k) from qubit k−1 to qubit k: a
// dimension reaches its full rotation π·s_k only when the one before it is healthy (synergy λ).
//
// With real, non-negative amplitudes and block-diagonal controlled rotations, the marginal
// P(q_k = 1) = P(q_{k−1} = 1)·sin²(π s_k/2) + P(q_{k−1} = 0)·sin²((1−λ)π s_k/2) rises with every
// score, so health Σ w_k·P(q_k = 1) does too and risk = 1 − health can only fall as metrics improve.
import { circuit, gate, type Circuit } from "../../../simulator/passes/circuit";
import { evolve, exactDistribution, outcomeKey, simulate, type RunResult } from "../../../simulator/run/run";
import { clamp01 } from "./scores";

export const SYNERGY = 0.25;

export type Dimension = {
  key: string;
  label: string;
  /** 0–1, higher is better. */
  score: number;
  /** Relative weight in health; the weights of a model add up to 1. */
  weight: number;
  /** The role whose focus strengthens this dimension. */
  role: string;
  /** Which metrics drive it, for the analysis text and the docs. */
  drivers: string;
  /** How much of the score rests on measured data, 0–1 (0: nothing measured, score UNKNOWN_SCORE). */
  coverage: number;
};

export const chainCircuit = (scores: readonly number[]): Circuit => {
  const s = scores.map(clamp01);
  const ops = s.map((score, k) => gate("ry", [k], [(k === 0 ? 1 : 1 - SYNERGY) * Math.PI * score]));
  for (let k = 1; k < s.length; k += 1) ops.push(gate("cry", [k - 1, k], [SYNERGY * Math.PI * s[k]]));
  return circuit(s.length, ops);
};

/** P(qubit k = 1) for each qubit, from a distribution keyed by bitstring (qubit 0 rightmost). */
export const marginals = (distribution: Record<string, number>, qubits: number) => {
  const result = new Array<number>(qubits).fill(0);
  for (const [bits, p] of Object.entries(distribution)) {
    for (let k = 0; k < qubits; k += 1) if (bits[bits.length - 1 - k] === "1") result[k] += p;
  }
  return result;
};

const exactOf = (c: Circuit) => exactDistribution(evolve(c), outcomeKey(c));

export const healthOf = (dimensions: readonly Dimension[], exact: Record<string, number>) =>
  marginals(exact, dimensions.length).reduce((sum, p, k) => sum + dimensions[k].weight * p, 0);

export type ChainEvaluation = {
  circuit: Circuit;
  run: RunResult;
  exact: Record<string, number>;
  /** P(dimension healthy), exact. */
  healthy: number[];
  health: number;
  risk: number;
  /** For each dimension: the health if its score rose half way to 1. */
  lifted: number[];
  /** The dimension whose lift helps most (ties: the earlier one). */
  best: number;
  improvementPercent: number;
};

export const evaluateChain = (dimensions: readonly Dimension[], options: { shots: number; seed?: number }): ChainEvaluation => {
  const scores = dimensions.map((dimension) => clamp01(dimension.score));
  const c = chainCircuit(scores);
  const run = simulate(c, { shots: options.shots, seed: options.seed, exact: true });
  const exact = run.exact!;
  const healthy = marginals(exact, dimensions.length);
  const health = healthOf(dimensions, exact);
  const lifted = scores.map((score, k) => {
    const next = scores.map((value, j) => (j === k ? score + (1 - score) / 2 : value));
    return healthOf(dimensions, exactOf(chainCircuit(next)));
  });
  let best = 0;
  for (let k = 1; k < lifted.length; k += 1) if (lifted[k] > lifted[best] + 1e-12) best = k;
  const improvementPercent = ((lifted[best] - health) / Math.max(health, 0.01)) * 100;
  return { circuit: c, run, exact, healthy, health, risk: clamp01(1 - health), lifted, best, improvementPercent };
};

/**
 * The risk evaluateChain answers (1 − health from the exact distribution), without the shots and
 * the lifts: what a search that compares many memberships computes per candidate.
 */
export const chainRisk = (dimensions: readonly Dimension[]) => clamp01(1 - healthOf(dimensions, exactOf(chainCircuit(dimensions.map((d) => clamp01(d.score))))));

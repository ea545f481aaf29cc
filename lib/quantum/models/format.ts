// How the analyses write numbers into the contract's string fields.
import type { Dimension } from "./chain";

export const RISK_LEVELS = ["Low", "Moderate", "High", "Critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** risk 0–1: below 0.2 Low, below 0.4 Moderate, below 0.6 High, else Critical. */
export const riskLevel = (risk: number): RiskLevel => (risk < 0.2 ? "Low" : risk < 0.4 ? "Moderate" : risk < 0.6 ? "High" : "Critical");

/** "23.4/100" */
export const formatRiskScore = (risk: number) => `${(risk * 100).toFixed(1)}/100`;

/** "12.4%" */
export const formatPercent = (percent: number) => `${percent.toFixed(1)}%`;

/** The measured time with its unit: "0.084 ms", "3.2 ms", "1.45 s". */
export const formatDuration = (ms: number) =>
  ms < 1 ? `${ms.toFixed(3)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;

export const formatProbability = (p: number) => p.toFixed(3);

/** The most frequent bitstring of a sample (ties: the smaller bitstring). */
export const topOutcome = (probabilities: Record<string, number>) => {
  let best: [string, number] = ["", -1];
  for (const [bits, p] of Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : 1))) if (p > best[1]) best = [bits, p];
  return { bits: best[0], probability: Math.max(0, best[1]) };
};

/** "q0 reliability (uptime and error rate) score 0.93, P(healthy) 0.912; q1 …" */
export const describeDimensions = (dimensions: readonly Dimension[], healthy: readonly number[]) =>
  dimensions.map((d, k) => `q${k} ${d.label} (${d.drivers}) score ${d.score.toFixed(2)}, P(healthy) ${formatProbability(healthy[k])}`).join("; ");

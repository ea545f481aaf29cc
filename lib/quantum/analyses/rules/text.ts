// How the analyses write numbers into the contract's string fields. Percentages, probabilities and
// risk scores are written as on every page (lib/format); the risk level is the analyses' own rule
// (risk.ts), the duration the quantum area's (lib/quantum/rules.ts).
import type { Dimension } from "./chain";
import { formatProbability } from "../../../format";

export { formatRiskScore, formatPercent, formatProbability } from "../../../format";
export { formatDuration } from "../../rules";

/** The most frequent bitstring of a sample (ties: the smaller bitstring). */
export const topOutcome = (probabilities: Record<string, number>) => {
  let best: [string, number] = ["", -1];
  for (const [bits, p] of Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : 1))) if (p > best[1]) best = [bits, p];
  return { bits: best[0], probability: Math.max(0, best[1]) };
};

/** "q0 reliability (uptime and error rate) score 0.93, P(healthy) 0.912; q1 …" */
export const describeDimensions = (dimensions: readonly Dimension[], healthy: readonly number[]) =>
  dimensions.map((d, k) => `q${k} ${d.label} (${d.drivers}) score ${d.score.toFixed(2)}, P(healthy) ${formatProbability(healthy[k])}`).join("; ");

// How the analyses write numbers into the contract's string fields (circuit runs and jobs write
// their duration the same way). Percentages, probabilities and risk scores are written as on every
// page (lib/format); which level a risk is, is the analyses' rule (risk.ts).
import type { Dimension } from "./chain";
import { formatDuration as formatDisplayDuration, formatProbability } from "../../../format";

export { formatRiskScore, formatPercent, formatProbability } from "../../../format";

/** The measured time with its unit: "0.084 ms", "3.2 ms", "1.45 s", "75.20 s" — in ms or s even past a minute (the contract's duration fields are "<number> ms|s"). */
export const formatDuration = (ms: number) => (ms < 59_995 ? formatDisplayDuration(ms) : `${(ms / 1000).toFixed(2)} s`);

/** The most frequent bitstring of a sample (ties: the smaller bitstring). */
export const topOutcome = (probabilities: Record<string, number>) => {
  let best: [string, number] = ["", -1];
  for (const [bits, p] of Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : 1))) if (p > best[1]) best = [bits, p];
  return { bits: best[0], probability: Math.max(0, best[1]) };
};

/** "q0 reliability (uptime and error rate) score 0.93, P(healthy) 0.912; q1 …" */
export const describeDimensions = (dimensions: readonly Dimension[], healthy: readonly number[]) =>
  dimensions.map((d, k) => `q${k} ${d.label} (${d.drivers}) score ${d.score.toFixed(2)}, P(healthy) ${formatProbability(healthy[k])}`).join("; ");

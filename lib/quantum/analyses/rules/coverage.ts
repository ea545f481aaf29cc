// Missing data is not good data. Every dimension says how much of it rests on measured data
// (`coverage`, 0–1: for a group, the share of its agents that reported metrics); a dimension with
// nothing measured is simulated at UNKNOWN_SCORE (as likely healthy as not) instead of being read
// as 0 % or 100 %. When less than half of a model's weight rests on data, the answer is
// "insufficient data": the distribution is still answered, but no risk, level or recommendation.
import type { Dimension } from "./chain";

/** Below this share of the weights backed by data an analysis gives no verdict. */
export const MIN_COVERAGE = 0.5;

export const ASSESSMENTS = ["scored", "insufficient-data"] as const;
export type Assessment = (typeof ASSESSMENTS)[number];

export type AnalysisCoverage = {
  /** sufficient: a risk is given; insufficient: not enough measured data for one. */
  status: "sufficient" | "insufficient";
  /** Σ weight × coverage over the dimensions, 0–1. */
  share: number;
  /** Dimensions with at least some measured data, and those with none. */
  measured: string[];
  missing: string[];
  detail: string;
};

export const assessCoverage = (dimensions: readonly Dimension[], what: string): AnalysisCoverage => {
  const share = Math.round(dimensions.reduce((sum, d) => sum + d.weight * d.coverage, 0) * 1e6) / 1e6;
  const measured = dimensions.filter((d) => d.coverage > 0).map((d) => d.label);
  const missing = dimensions.filter((d) => d.coverage === 0).map((d) => d.label);
  const partial = dimensions.filter((d) => d.coverage > 0 && d.coverage < 1).map((d) => `${d.label} ${Math.round(d.coverage * 100)} %`);
  const status = share >= MIN_COVERAGE ? "sufficient" : "insufficient";
  const detail =
    `${Math.round(share * 100)} % of the model's weight rests on measured data` +
    (missing.length > 0 ? `; nothing measured for ${missing.join(", ")} (${what})` : "") +
    (partial.length > 0 ? `; partly measured: ${partial.join(", ")}` : "") +
    ".";
  return { status, share, measured, missing, detail };
};

export const assessmentOf = (coverage: AnalysisCoverage): Assessment => (coverage.status === "sufficient" ? "scored" : "insufficient-data");

/** What an insufficient answer puts where a risk would be. */
export const INSUFFICIENT = "insufficient data";

/** The analysis text of an answer without a verdict. */
export const insufficientAnalysis = (subject: string, coverage: AnalysisCoverage, shots: number) =>
  `Insufficient data for ${subject}: ${coverage.detail} No risk, level or recommendation is given. ` +
  `Dimensions without data are simulated at 0.5 (as likely healthy as not), so the ${shots}-shot distribution shows what is unknown, not a verdict.`;

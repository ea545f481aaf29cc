// Risk levels of the analyses: the thresholds that turn a risk 0–1 (1 − expected health, from the
// simulated distribution) into the word the answers and the optimizer report. A rule of the
// analyses, not of formatting: the pages show the level the API answered.

export const RISK_LEVELS = ["Low", "Moderate", "High", "Critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Upper bounds (exclusive) of Low, Moderate and High; at or above the last, Critical. */
export const RISK_THRESHOLDS = { Low: 0.2, Moderate: 0.4, High: 0.6 } as const;

/** risk 0–1: below 0.2 Low, below 0.4 Moderate, below 0.6 High, else Critical. */
export const riskLevel = (risk: number): RiskLevel =>
  risk < RISK_THRESHOLDS.Low ? "Low" : risk < RISK_THRESHOLDS.Moderate ? "Moderate" : risk < RISK_THRESHOLDS.High ? "High" : "Critical";

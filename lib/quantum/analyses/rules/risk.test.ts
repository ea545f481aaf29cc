import { describe, expect, it } from "vitest";
import { RISK_LEVELS, riskLevel } from "./risk";

describe("risk levels of the analyses", () => {
  it("rates a risk 0–1 by the thresholds, each bound belonging to the level above", () => {
    expect(riskLevel(0)).toBe("Low");
    expect(riskLevel(0.1)).toBe("Low");
    expect(riskLevel(0.2)).toBe("Moderate");
    expect(riskLevel(0.45)).toBe("High");
    expect(riskLevel(0.6)).toBe("Critical");
    expect(riskLevel(1)).toBe("Critical");
  });

  it("never falls as the risk rises", () => {
    const ranks = Array.from({ length: 101 }, (_, k) => RISK_LEVELS.indexOf(riskLevel(k / 100)));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

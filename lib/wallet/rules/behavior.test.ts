import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS, readWalletEnv, thresholdsOf } from "../config";
import { classifyByCount, classifyCounterparties } from "./behavior";
import { collectCounterparties } from "./transactions";
import { address, contextOf, minutes, transfer, WALLET } from "./test-facts";

describe("classifyByCount", () => {
  it("uses WALLET_MODERATE_MIN (3) and WALLET_HIGH_MIN (10) by default", () => {
    expect([1, 2, 3, 9, 10, 50].map((count) => classifyByCount(count, DEFAULT_THRESHOLDS))).toEqual(["Low", "Low", "Moderate", "Moderate", "High", "High"]);
  });

  it("takes other thresholds from the environment, and refuses a High below Moderate", () => {
    const thresholds = thresholdsOf(readWalletEnv({ WALLET_MODERATE_MIN: "2", WALLET_HIGH_MIN: "4" }));
    expect([1, 2, 4].map((count) => classifyByCount(count, thresholds))).toEqual(["Low", "Moderate", "High"]);
    expect(() => readWalletEnv({ WALLET_MODERATE_MIN: "5", WALLET_HIGH_MIN: "5" })).toThrow(/WALLET_HIGH_MIN/);
    expect(() => readWalletEnv({ WALLET_DUST_USD: "cheap" })).toThrow(/WALLET_DUST_USD/);
  });
});

describe("classifyCounterparties", () => {
  it("puts every counterparty in one class; flagged ones are Uncommon whatever their count", () => {
    const counts = [1, 3, 10, 12];
    const transfers = counts.flatMap((count, index) => Array.from({ length: count }, (_, n) => transfer({ from: address(index + 1), to: WALLET, timestamp: minutes(n * 60) })));
    const counterparties = collectCounterparties(contextOf({ transfers }));
    const { classes, behavior } = classifyCounterparties(counterparties, new Set([address(4)]), DEFAULT_THRESHOLDS);
    expect(behavior).toEqual({ overview: { Low: 1, Moderate: 1, High: 1, Uncommon: 1 }, markedUncommonWallets: [address(4)], totalUncommon: 1 });
    expect(classes.get(address(3))).toBe("High");
    expect(Object.values(behavior.overview).reduce((a, b) => a + b, 0)).toBe(counterparties.size);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion, roundCents, toUnits } from "./numbers";

describe("toUnits", () => {
  it("turns raw amounts into whole tokens", () => {
    expect(toUnits(1_500_000n, 6)).toBe(1.5);
    expect(toUnits(10n ** 18n, 18)).toBe(1);
    expect(toUnits(1n, 18)).toBe(1e-18);
    expect(toUnits(123n, 0)).toBe(123);
    expect(toUnits(0n, 6)).toBe(0);
  });
});

describe("roundCents", () => {
  it("rounds half away from zero to 2 decimals", () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.344)).toBe(2.34);
    expect(roundCents(0)).toBe(0);
  });
});

describe("apportion (largest remainder)", () => {
  it("gives the leftover units to the largest remainders, ties to the earlier weight", () => {
    expect(apportion([1, 1, 1], 10_000)).toEqual([3334, 3333, 3333]);
    expect(apportion([2, 1], 100)).toEqual([67, 33]);
    expect(apportion([0, 0], 100)).toEqual([0, 0]);
  });

  it("always sums to the total, each part within one unit of its exact share", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 10_000_000 }), (weights, total) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const parts = apportion(weights, total);
        if (sum === 0) return parts.every((part) => part === 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        weights.forEach((weight, index) => expect(Math.abs(parts[index] - (weight / sum) * total)).toBeLessThan(1.000001));
        return true;
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computePositions } from "./positions";
import { contextOf, ETHER, NOW, SPAM, USDC } from "./test-facts";

const UNPRICED = "0x7777000000000000000000000000000000007777";

describe("computePositions", () => {
  it("values each holding at balance / 10^decimals × latest price, names it 'SYMBOL (chain)', largest first", () => {
    const ctx = contextOf({
      holdings: [
        { chain: "eth-mainnet", tokenAddress: "native", balance: 2n * ETHER },
        { chain: "eth-mainnet", tokenAddress: USDC, balance: 4_000_000_000n },
      ],
    });
    const result = computePositions(ctx);
    expect(result.balance).toBe(10_000);
    expect(result.rows.map((row) => [row.name, row.value, row.percentage])).toEqual([
      ["ETH (eth-mainnet)", 6000, 60],
      ["USDC (eth-mainnet)", 4000, 40],
    ]);
  });

  it("uses the latest price at or before now, never a later one", () => {
    const ctx = contextOf({
      holdings: [{ chain: "eth-mainnet", tokenAddress: "native", balance: ETHER }],
      prices: [
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2000, asOf: new Date("2026-10-01T00:00:00Z") },
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2500, asOf: NOW },
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 9999, asOf: new Date(NOW.getTime() + 1) },
      ],
    });
    expect(computePositions(ctx).balance).toBe(2500);
  });

  it("leaves out spam and unpriced tokens, and says why", () => {
    const ctx = contextOf({
      holdings: [
        { chain: "eth-mainnet", tokenAddress: "native", balance: ETHER },
        { chain: "eth-mainnet", tokenAddress: SPAM, balance: 1000n * ETHER },
        { chain: "eth-mainnet", tokenAddress: UNPRICED, balance: 5n },
      ],
    });
    const result = computePositions(ctx);
    expect(Object.keys(result.rows)).toHaveLength(1);
    expect(result.excluded).toEqual([
      { chain: "eth-mainnet", tokenAddress: SPAM, symbol: "ETHG", reason: "spam" },
      { chain: "eth-mainnet", tokenAddress: UNPRICED, symbol: "0x7777…7777", reason: "unpriced" },
    ]);
  });

  it("rounds so that values sum to the balance and percentages to 100", () => {
    const ctx = contextOf({
      holdings: [
        { chain: "eth-mainnet", tokenAddress: USDC, balance: 1_000_000n },
        { chain: "eth-mainnet", tokenAddress: "native", balance: ETHER / 3000n },
        { chain: "base-mainnet", tokenAddress: "native", balance: ETHER / 3000n },
      ],
    });
    const result = computePositions(ctx);
    expect(result.rows.map((row) => row.percentage)).toEqual([33.34, 33.33, 33.33]);
    expect(result.balance).toBe(3);
  });

  it("reports a balance of 0 with 0 % when nothing is worth anything", () => {
    const ctx = contextOf({ holdings: [{ chain: "eth-mainnet", tokenAddress: "native", balance: 0n }] });
    expect(computePositions(ctx)).toEqual({ balance: 0, rows: [], excluded: [] });
    const mapped = computePositions(ctx, { "eth-mainnet": USDC });
    expect(mapped.rows.map((row) => [row.name, row.value, row.percentage])).toEqual([["USDC (eth-mainnet)", 0, 0]]);
  });

  it("reports only the tokenMap's token for a mapped chain (0 when not held); the balance follows", () => {
    const ctx = contextOf({
      holdings: [
        { chain: "eth-mainnet", tokenAddress: "native", balance: ETHER },
        { chain: "eth-mainnet", tokenAddress: USDC, balance: 500_000_000n },
        { chain: "base-mainnet", tokenAddress: "native", balance: ETHER },
      ],
    });
    const result = computePositions(ctx, { "eth-mainnet": USDC });
    expect(result.rows.map((row) => [row.name, row.value])).toEqual([
      ["ETH (base-mainnet)", 3000],
      ["USDC (eth-mainnet)", 500],
    ]);
    expect(result.balance).toBe(3500);
  });

  // Up to $10 trillion per holding: cents stay exact in a double below 2^53.
  it("keeps the rounding laws for any holdings", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 19n }), { minLength: 1, maxLength: 4 }), (balances) => {
        const tokens = ["native", USDC];
        const chains = ["eth-mainnet", "base-mainnet"];
        const holdings = balances.map((balance, index) => ({ chain: chains[index >> 1], tokenAddress: tokens[index % 2], balance }));
        const result = computePositions(contextOf({ holdings: holdings.filter((h) => h.chain === "eth-mainnet" || h.tokenAddress === "native") }));
        const cents = result.rows.reduce((sum, row) => sum + Math.round(row.value * 100), 0);
        expect(cents).toBe(Math.round(result.balance * 100));
        const hundredths = result.rows.reduce((sum, row) => sum + Math.round(row.percentage * 100), 0);
        expect(hundredths).toBe(result.balance > 0 ? 10_000 : 0);
      }),
    );
  });
});

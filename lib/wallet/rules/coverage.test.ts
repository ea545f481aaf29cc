import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../config";
import { computeWalletMetrics } from "./compute";
import { erc20, ETHER, facts, FRIEND, minutes, NOW, SPAM, transfer, USDC, WALLET } from "./test-facts";
import type { WalletFacts } from "./types";

const UNPRICED = "0x7777000000000000000000000000000000007777";
const run = (fields: Partial<WalletFacts>, chains?: string[]) => computeWalletMetrics(facts(fields), { now: NOW, thresholds: DEFAULT_THRESHOLDS, chains }).coverage;

describe("coverage", () => {
  it("calls a wallet with nothing stored not indexed, on every requested chain", () => {
    expect(run({})).toMatchObject({ status: "not-indexed", chains: [], prices: { oldestAsOf: null, used: [] }, excluded: [] });
    const filtered = run({}, ["eth-mainnet", "base-mainnet"]);
    expect(filtered.status).toBe("not-indexed");
    expect(filtered.detail).toContain("not indexed");
    expect(filtered.chains.map((chain) => [chain.chain, chain.status, chain.source])).toEqual([
      ["eth-mainnet", "not-indexed", null],
      ["base-mainnet", "not-indexed", null],
    ]);
  });

  it("reports the highest stored block and its time per chain for imported facts", () => {
    const coverage = run({
      transfers: [
        transfer({ from: FRIEND, to: WALLET, blockNumber: 120n, timestamp: minutes(5) }),
        transfer({ from: WALLET, to: FRIEND, blockNumber: 90n, timestamp: minutes(1) }),
        transfer({ from: FRIEND, to: WALLET, chain: "base-mainnet", blockNumber: 7n, timestamp: minutes(2) }),
      ],
      holdings: [{ chain: "eth-mainnet", tokenAddress: "native", balance: ETHER }],
    });
    expect(coverage.status).toBe("indexed");
    expect(coverage.chains).toEqual([
      { chain: "base-mainnet", status: "indexed", source: "stored", lastIndexedBlock: "7", lastIndexedAt: minutes(2).toISOString(), transfers: 1, holdings: 0, nfts: 0 },
      { chain: "eth-mainnet", status: "indexed", source: "stored", lastIndexedBlock: "120", lastIndexedAt: minutes(5).toISOString(), transfers: 2, holdings: 1, nfts: 0 },
    ]);
  });

  it("prefers the ingester's cursor, which also makes an empty history indexed", () => {
    const updatedAt = new Date("2026-10-30T10:00:00Z");
    const coverage = run({ cursors: [{ chain: "eth-mainnet", lastBlock: 5000n, updatedAt }, { chain: "base-mainnet", lastBlock: 9n, updatedAt }] }, ["eth-mainnet", "scroll-mainnet"]);
    expect(coverage.status).toBe("indexed");
    expect(coverage.chains).toEqual([
      { chain: "eth-mainnet", status: "indexed", source: "ingester", lastIndexedBlock: "5000", lastIndexedAt: updatedAt.toISOString(), transfers: 0, holdings: 0, nfts: 0 },
      { chain: "scroll-mainnet", status: "not-indexed", source: null, lastIndexedBlock: null, lastIndexedAt: null, transfers: 0, holdings: 0, nfts: 0 },
    ]);
    expect(coverage.detail).toContain("not indexed on scroll-mainnet");
  });

  it("gives the as-of time of every price behind the balance, marking old ones stale", () => {
    const fresh = new Date(NOW.getTime() - 3_600_000);
    const coverage = run({
      holdings: [
        { chain: "eth-mainnet", tokenAddress: "native", balance: ETHER },
        { chain: "eth-mainnet", tokenAddress: USDC, balance: 5_000_000n },
      ],
      prices: [
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 3000, asOf: new Date("2026-09-01T00:00:00Z") },
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 3100, asOf: fresh },
        { chain: "eth-mainnet", tokenAddress: USDC, priceUsd: 1, asOf: new Date("2026-09-01T00:00:00Z") },
        // After "now": never used.
        { chain: "eth-mainnet", tokenAddress: USDC, priceUsd: 2, asOf: new Date(NOW.getTime() + 1000) },
      ],
    });
    expect(coverage.prices).toEqual({
      oldestAsOf: "2026-09-01T00:00:00.000Z",
      newestAsOf: fresh.toISOString(),
      staleAfterHours: 24,
      used: [
        { chain: "eth-mainnet", tokenAddress: "native", symbol: "ETH", priceUsd: 3100, asOf: fresh.toISOString(), stale: false },
        { chain: "eth-mainnet", tokenAddress: USDC, symbol: "USDC", priceUsd: 1, asOf: "2026-09-01T00:00:00.000Z", stale: true },
      ],
    });
    expect(coverage.detail).toContain("1 older than 24 h");
  });

  it("lists the holdings left out of the balance and why", () => {
    const coverage = run({
      transfers: [erc20({ from: FRIEND, to: WALLET, tokenAddress: SPAM, amount: 1n, blockNumber: 1n })],
      holdings: [
        { chain: "eth-mainnet", tokenAddress: SPAM, balance: ETHER },
        { chain: "eth-mainnet", tokenAddress: UNPRICED, balance: 1n },
      ],
    });
    expect(coverage.excluded).toEqual([
      { chain: "eth-mainnet", tokenAddress: SPAM, symbol: "ETHG", reason: "spam", detail: expect.stringContaining("spam token") },
      { chain: "eth-mainnet", tokenAddress: UNPRICED, symbol: "0x7777…7777", reason: "unpriced", detail: expect.stringContaining("no stored USD price") },
    ]);
    expect(coverage.detail).toContain("2 holdings left out");
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../config";
import { computeWalletMetrics } from "./compute";
import { address, erc20, ETHER, facts, FRIEND, minutes, NOW, OTHER, transfer, USDC, WALLET } from "./test-facts";
import type { WalletFacts } from "./types";

const LOOKALIKE = "0xbbbb99999999999999999999999999999999bbbb";
const NFT = address(0xabc);

const history = (): Partial<WalletFacts> => ({
  transfers: [
    ...[0, 1, 2].map((n) => transfer({ from: FRIEND, to: WALLET, timestamp: minutes(n * 60) })),
    transfer({ from: WALLET, to: FRIEND, amount: ETHER / 2n, timestamp: minutes(200), chain: "base-mainnet" }),
    erc20({ from: LOOKALIKE, to: WALLET, amount: 0n, timestamp: minutes(300) }),
    erc20({ from: OTHER, to: WALLET, amount: 10_000_000n, timestamp: minutes(400) }),
    transfer({ from: FRIEND, to: WALLET, kind: "erc721", tokenAddress: NFT, tokenId: "1", amount: 1n, logIndex: 4, timestamp: minutes(500), txFrom: WALLET }),
  ],
  holdings: [
    { chain: "eth-mainnet", tokenAddress: "native", balance: 3n * ETHER },
    { chain: "eth-mainnet", tokenAddress: USDC, balance: 10_000_000n },
    { chain: "base-mainnet", tokenAddress: "native", balance: ETHER / 2n },
  ],
  nfts: [
    { chain: "eth-mainnet", contractAddress: NFT, tokenId: "1", collectionName: "Test Cats", floorPriceUsd: 120.5 },
    { chain: "base-mainnet", contractAddress: NFT, tokenId: "2", collectionName: "Base Cats", floorPriceUsd: null },
  ],
});

const compute = (fields: Partial<WalletFacts>, options: { chains?: string[]; tokenMap?: Record<string, string> } = {}) =>
  computeWalletMetrics(facts(fields), { now: NOW, thresholds: DEFAULT_THRESHOLDS, ...options });

describe("computeWalletMetrics", () => {
  it("answers the contract's financialMetrics, every number traceable to the facts", () => {
    const report = compute(history());
    expect(report.financialMetrics).toEqual({
      balance: 10_510,
      positions: {
        "ETH (eth-mainnet)": { value: 9000, percentage: 85.63 },
        "ETH (base-mainnet)": { value: 1500, percentage: 14.27 },
        "USDC (eth-mainnet)": { value: 10, percentage: 0.1 },
      },
      totalTransactions: 7,
      transactionsByChain: { "eth-mainnet": 6, "base-mainnet": 1 },
      transactionsByLayer: { Layer1: 6, Layer2: 1 },
      interactingWallets: 3,
      mostActiveWallet: { address: FRIEND, transactionCount: 5 },
      behaviorOverview: { overview: { Low: 1, Moderate: 1, High: 0, Uncommon: 1 }, markedUncommonWallets: [LOOKALIKE], totalUncommon: 1 },
      nftSummary: { nftCount: 2, nftValueEst: 120.5 },
      uncommonAddressesInTx: [LOOKALIKE],
    });
    expect(report.flagged[0]).toMatchObject({ address: LOOKALIKE, counterparty: true, transactionCount: 1 });
    expect(report.flagged[0].reasons.map((reason) => reason.code)).toEqual(["lookalike", "zero-value"]);
  });

  it("filters everything by chain", () => {
    const metrics = compute(history(), { chains: ["base-mainnet"] }).financialMetrics;
    expect(metrics).toMatchObject({
      balance: 1500,
      positions: { "ETH (base-mainnet)": { value: 1500, percentage: 100 } },
      totalTransactions: 1,
      transactionsByChain: { "base-mainnet": 1 },
      transactionsByLayer: { Layer1: 0, Layer2: 1 },
      interactingWallets: 1,
      nftSummary: { nftCount: 1, nftValueEst: 0 },
      uncommonAddressesInTx: [],
    });
  });

  it("reports only the tokenMap's token for a mapped chain", () => {
    const metrics = compute(history(), { tokenMap: { "eth-mainnet": USDC } }).financialMetrics;
    expect(metrics.positions).toEqual({ "ETH (base-mainnet)": { value: 1500, percentage: 99.34 }, "USDC (eth-mainnet)": { value: 10, percentage: 0.66 } });
    expect(metrics.balance).toBe(1510);
  });

  it("gives the same answer whatever the case of the stored addresses", () => {
    const upper = (value: string) => `0x${value.slice(2).toUpperCase()}`;
    const base = history();
    const shouting: Partial<WalletFacts> = {
      ...base,
      wallet: upper(WALLET),
      transfers: base.transfers!.map((t) => ({ ...t, from: upper(t.from), to: upper(t.to), txFrom: t.txFrom && upper(t.txFrom), txHash: upper(t.txHash), tokenAddress: t.tokenAddress === "native" ? "native" : upper(t.tokenAddress) })),
      holdings: base.holdings!.map((h) => ({ ...h, tokenAddress: h.tokenAddress === "native" ? "native" : upper(h.tokenAddress) })),
    };
    expect(compute(shouting)).toEqual(compute(base));
  });

  it("answers zeros and empty lists for a wallet without data", () => {
    expect(compute({}).financialMetrics).toEqual({
      balance: 0,
      positions: {},
      totalTransactions: 0,
      transactionsByChain: {},
      transactionsByLayer: { Layer1: 0, Layer2: 0 },
      interactingWallets: 0,
      mostActiveWallet: { address: "", transactionCount: 0 },
      behaviorOverview: { overview: { Low: 0, Moderate: 0, High: 0, Uncommon: 0 }, markedUncommonWallets: [], totalUncommon: 0 },
      nftSummary: { nftCount: 0, nftValueEst: 0 },
      uncommonAddressesInTx: [],
    });
  });
});

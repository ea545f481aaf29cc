import { describe, expect, it } from "vitest";
import { collectCounterparties, mostActiveOf, summarizeTransactions } from "./transactions";
import { contextOf, erc20, FRIEND, hash, minutes, OTHER, T0, transfer, USDC, WALLET } from "./test-facts";

const ROUTER = "0xdddd00000000000000000000000000000000dddd";
const NULL = "0x0000000000000000000000000000000000000000";

describe("summarizeTransactions", () => {
  it("counts distinct transactions: a swap's two legs are one", () => {
    const swap = hash(9001);
    const ctx = contextOf({
      transfers: [
        transfer({ from: FRIEND, to: WALLET }),
        transfer({ from: WALLET, to: ROUTER, txHash: swap }),
        erc20({ from: ROUTER, to: WALLET, txHash: swap, txFrom: WALLET }),
        transfer({ from: WALLET, to: OTHER, chain: "base-mainnet" }),
        transfer({ from: WALLET, to: OTHER, chain: "arbitrum-mainnet" }),
        transfer({ from: FRIEND, to: OTHER }), // not the wallet's
      ],
    });
    expect(summarizeTransactions(ctx)).toEqual({
      totalTransactions: 4,
      transactionsByChain: { "eth-mainnet": 2, "arbitrum-mainnet": 1, "base-mainnet": 1 },
      transactionsByLayer: { Layer1: 2, Layer2: 2 },
    });
  });

  it("lists every requested chain, with 0 where the wallet was idle, and nothing else", () => {
    const ctx = contextOf({ transfers: [transfer({ from: FRIEND, to: WALLET }), transfer({ from: FRIEND, to: WALLET, chain: "base-mainnet" })] }, { chains: ["base-mainnet", "scroll-mainnet"] });
    expect(summarizeTransactions(ctx)).toEqual({
      totalTransactions: 1,
      transactionsByChain: { "base-mainnet": 1, "scroll-mainnet": 0 },
      transactionsByLayer: { Layer1: 0, Layer2: 1 },
    });
  });

  it("answers zeros for a wallet without transfers", () => {
    expect(summarizeTransactions(contextOf())).toEqual({ totalTransactions: 0, transactionsByChain: {}, transactionsByLayer: { Layer1: 0, Layer2: 0 } });
  });
});

describe("counterparties", () => {
  it("are the other side of each transfer, never the wallet itself or the null address", () => {
    const ctx = contextOf({
      transfers: [
        transfer({ from: FRIEND, to: WALLET }),
        transfer({ from: WALLET, to: WALLET }),
        transfer({ from: NULL, to: WALLET, kind: "erc721", tokenAddress: OTHER, tokenId: "1", amount: 1n, logIndex: 3, txFrom: WALLET }),
        erc20({ from: WALLET, to: OTHER }),
      ],
    });
    expect([...collectCounterparties(ctx).keys()].sort()).toEqual([FRIEND, OTHER]);
  });

  it("compares addresses case-insensitively", () => {
    const ctx = contextOf({
      wallet: WALLET.toUpperCase().replace("0X", "0x"),
      transfers: [transfer({ from: FRIEND.toUpperCase().replace("0X", "0x"), to: WALLET }), transfer({ from: WALLET.replace("aaaa", "AAAA"), to: FRIEND })],
    });
    const counterparties = collectCounterparties(ctx);
    expect([...counterparties.keys()]).toEqual([FRIEND]);
    expect(counterparties.get(FRIEND)?.transactionCount).toBe(2);
    expect(summarizeTransactions(ctx).totalTransactions).toBe(2);
  });

  it("names the most active counterparty by distinct transactions; ties go to the smaller address", () => {
    const ctx = contextOf({
      transfers: [
        transfer({ from: OTHER, to: WALLET, timestamp: minutes(1) }),
        transfer({ from: WALLET, to: OTHER, timestamp: minutes(2) }),
        transfer({ from: FRIEND, to: WALLET, timestamp: minutes(3) }),
        transfer({ from: WALLET, to: FRIEND, timestamp: minutes(4) }),
      ],
    });
    expect(mostActiveOf(collectCounterparties(ctx))).toEqual({ address: FRIEND, transactionCount: 2 });
    expect(mostActiveOf(collectCounterparties(contextOf()))).toEqual({ address: "", transactionCount: 0 });
  });

  it("knows which counterparties are contracts on a requested chain", () => {
    const ctx = contextOf({
      transfers: [erc20({ from: WALLET, to: ROUTER, tokenAddress: USDC, timestamp: T0 })],
      addresses: [{ chain: "eth-mainnet", address: ROUTER, isContract: true, label: "Router", firstSeenAt: null }],
    });
    expect(collectCounterparties(ctx).get(ROUTER)?.isContract).toBe(true);
  });
});

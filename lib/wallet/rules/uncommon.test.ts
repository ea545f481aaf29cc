import { describe, expect, it } from "vitest";
import { collectCounterparties } from "./transactions";
import { findUncommonAddresses } from "./uncommon";
import { address, contextOf, erc20, ETHER, FRIEND, minutes, OTHER, SPAM, T0, transfer, USDC, WALLET } from "./test-facts";
import type { AddressFact, TransferFact, WalletFacts } from "./types";

const flagsOf = (fields: Partial<WalletFacts>, chains?: string[]) => {
  const ctx = contextOf(fields, { chains });
  return findUncommonAddresses(ctx, collectCounterparties(ctx));
};
const codesOf = (flags: ReturnType<typeof flagsOf>, who: string) => flags.get(who)?.map((reason) => reason.code) ?? [];

// Same first 4 and last 4 hex characters as FRIEND (0xbbbb…bbbb), a different address.
const LOOKALIKE = "0xbbbb99999999999999999999999999999999bbbb";

describe("address-poisoning look-alikes", () => {
  it("flags a counterparty sharing the first and last 4 hex characters with an earlier one, not the genuine one", () => {
    const flags = flagsOf({
      transfers: [
        transfer({ from: WALLET, to: FRIEND, timestamp: minutes(0) }),
        transfer({ from: LOOKALIKE, to: WALLET, timestamp: minutes(5), amount: ETHER }),
      ],
    });
    expect(codesOf(flags, LOOKALIKE)).toEqual(["lookalike"]);
    expect(flags.get(LOOKALIKE)?.[0].detail).toContain(FRIEND);
    expect(flags.has(FRIEND)).toBe(false);
  });

  it("compares case-insensitively: a checksummed copy of the friend is the friend, not a look-alike", () => {
    const flags = flagsOf({ transfers: [transfer({ from: WALLET, to: FRIEND }), transfer({ from: FRIEND.replace("0xbbbb", "0xBBBB"), to: WALLET, timestamp: minutes(3) })] });
    expect(flags.size).toBe(0);
  });

  it("flags a look-alike of the wallet's own address", () => {
    const mimic = "0xaaaa12345678901234567890123456789012aaaa";
    const flags = flagsOf({ transfers: [transfer({ from: mimic, to: WALLET })] });
    expect(flags.get(mimic)?.[0].detail).toContain("own address");
  });

  it("does not flag addresses that share only a prefix or only a suffix", () => {
    const flags = flagsOf({
      transfers: [transfer({ from: WALLET, to: FRIEND }), transfer({ from: "0xbbbb999999999999999999999999999999990000", to: WALLET }), transfer({ from: "0x000099999999999999999999999999999999bbbb", to: WALLET })],
    });
    expect(flags.size).toBe(0);
  });
});

describe("unsolicited zero-value and dust transfers", () => {
  it("flags a zero-value transfer to the wallet and a zero-value 'transfer' out of it that the wallet did not send", () => {
    const flags = flagsOf({
      transfers: [erc20({ from: OTHER, to: WALLET, amount: 0n }), erc20({ from: WALLET, to: address(77), amount: 0n, txFrom: address(77) })],
    });
    expect(codesOf(flags, OTHER)).toEqual(["zero-value"]);
    expect(codesOf(flags, address(77))).toEqual(["zero-value"]);
  });

  it("does not flag zero-value transfers the wallet sent itself", () => {
    expect(flagsOf({ transfers: [erc20({ from: WALLET, to: OTHER, amount: 0n })] }).size).toBe(0);
  });

  it("flags incoming transfers worth less than the dust threshold ($1) at their time, not larger ones", () => {
    const flags = flagsOf({
      transfers: [
        transfer({ from: OTHER, to: WALLET, amount: ETHER / 10_000n }), // $0.30
        transfer({ from: FRIEND, to: WALLET, amount: ETHER / 1_000n }), // $3
      ],
    });
    expect(codesOf(flags, OTHER)).toEqual(["dust"]);
    expect(flags.get(OTHER)?.[0].detail).toBe("1 unsolicited transfer to the wallet worth less than $1.00: 0.0001 ETH (≈ $0.30).");
    expect(flags.has(FRIEND)).toBe(false);
  });

  it("flags the transaction's sender too when it is neither side of the transfer", () => {
    const relayer = address(88);
    const flags = flagsOf({ transfers: [erc20({ from: OTHER, to: WALLET, amount: 1n, txFrom: relayer })] });
    expect(codesOf(flags, OTHER)).toEqual(["dust"]);
    expect(codesOf(flags, relayer)).toEqual(["dust"]);
    expect(flags.get(relayer)?.[0].detail).toBe("1 unsolicited transfer to the wallet worth less than $1.00: 0.000001 USDC (worth less than $0.01).");
  });

  it("does not call a tiny amount the wallet asked for (it sent the transaction) dust", () => {
    expect(flagsOf({ transfers: [transfer({ from: OTHER, to: WALLET, amount: 1n, txFrom: WALLET })] }).size).toBe(0);
  });
});

describe("spam and unpriced tokens", () => {
  it("flags the sender of an unsolicited spam token and the token contract", () => {
    const flags = flagsOf({ transfers: [erc20({ from: OTHER, to: WALLET, tokenAddress: SPAM, amount: 5000n * ETHER })] });
    expect(codesOf(flags, OTHER)).toEqual(["spam-token"]);
    expect(flags.get(OTHER)?.[0].detail).toContain("ETHG (marked as spam)");
    expect(codesOf(flags, SPAM)).toEqual(["spam-token-contract"]);
  });

  it("flags an unsolicited token without any price, and an NFT without a known floor", () => {
    const unpriced = address(0x1234);
    const collection = address(0x4321);
    const flags = flagsOf({
      transfers: [erc20({ from: OTHER, to: WALLET, tokenAddress: unpriced }), transfer({ from: FRIEND, to: WALLET, kind: "erc721", tokenAddress: collection, tokenId: "7", amount: 1n, logIndex: 1 })],
    });
    expect(codesOf(flags, OTHER)).toEqual(["spam-token"]);
    expect(codesOf(flags, unpriced)).toEqual(["spam-token-contract"]);
    expect(codesOf(flags, FRIEND)).toEqual(["spam-token"]);
  });

  it("does not flag an NFT the wallet bought, nor one of a collection with a floor price", () => {
    const collection = address(0x4321);
    const flags = flagsOf({
      transfers: [
        transfer({ from: FRIEND, to: WALLET, kind: "erc721", tokenAddress: collection, tokenId: "7", amount: 1n, logIndex: 1 }),
        transfer({ from: OTHER, to: WALLET, kind: "erc721", tokenAddress: address(0x999), tokenId: "1", amount: 1n, logIndex: 1, txFrom: WALLET }),
      ],
      nfts: [{ chain: "eth-mainnet", contractAddress: collection, tokenId: "7", collectionName: "Good", floorPriceUsd: 50 }],
    });
    expect(flags.size).toBe(0);
  });
});

describe("counterparties the wallet has paid", () => {
  const paid = transfer({ from: WALLET, to: FRIEND, amount: ETHER, timestamp: minutes(0) });

  it("may send small change, unpriced tokens and NFTs without a floor: a friend, not an attack", () => {
    const flags = flagsOf({
      transfers: [
        paid,
        transfer({ from: FRIEND, to: WALLET, amount: 1n, timestamp: minutes(1) }),
        erc20({ from: FRIEND, to: WALLET, tokenAddress: address(0x1234), timestamp: minutes(2) }),
        transfer({ from: FRIEND, to: WALLET, kind: "erc721", tokenAddress: address(0x4321), tokenId: "7", amount: 1n, logIndex: 1, timestamp: minutes(3) }),
      ],
    });
    expect(flags.size).toBe(0);
  });

  it("are still flagged for spam tokens and zero-value transfers, and a spoofed payment does not count", () => {
    const flags = flagsOf({ transfers: [paid, erc20({ from: FRIEND, to: WALLET, tokenAddress: SPAM, amount: ETHER }), erc20({ from: FRIEND, to: WALLET, amount: 0n })] });
    expect(codesOf(flags, FRIEND)).toEqual(["zero-value", "spam-token"]);
    const spoofed = flagsOf({ transfers: [transfer({ from: WALLET, to: OTHER, amount: ETHER, txFrom: OTHER }), transfer({ from: OTHER, to: WALLET, amount: 1n })] });
    expect(codesOf(spoofed, OTHER)).toEqual(["dust"]);
  });
});

describe("bursts", () => {
  const burst = (count: number, spacingSeconds: number, from = OTHER): TransferFact[] =>
    Array.from({ length: count }, (_, n) => erc20({ from, to: WALLET, amount: 5_000_000n, timestamp: new Date(T0.getTime() + n * spacingSeconds * 1000) }));

  it("flags 5 transactions from one counterparty within 10 minutes", () => {
    const flags = flagsOf({ transfers: burst(5, 120) });
    expect(codesOf(flags, OTHER)).toEqual(["burst"]);
    expect(flags.get(OTHER)?.[0].detail).toContain("5 transactions to the wallet within 8 min");
  });

  it("does not flag 4 within 10 minutes, nor 5 spread over more than 10 minutes", () => {
    expect(flagsOf({ transfers: burst(4, 60) }).size).toBe(0);
    expect(flagsOf({ transfers: burst(5, 151) }).size).toBe(0);
  });

  it("never flags a contract for frequency alone", () => {
    const contract: AddressFact = { chain: "eth-mainnet", address: OTHER, isContract: true, label: "Router", firstSeenAt: null };
    expect(flagsOf({ transfers: burst(30, 5), addresses: [contract] }).size).toBe(0);
  });
});

describe("one-off large payments to fresh addresses", () => {
  const fresh = address(0xf5e5);
  const seen = (at: Date, isContract = false): AddressFact => ({ chain: "eth-mainnet", address: fresh, isContract, label: null, firstSeenAt: at });

  it("flags a payment of at least $5,000 to an address first seen less than 24 h before, never used again", () => {
    const flags = flagsOf({ transfers: [transfer({ from: WALLET, to: fresh, amount: 2n * ETHER, timestamp: minutes(30) })], addresses: [seen(minutes(20))] });
    expect(codesOf(flags, fresh)).toEqual(["fresh-large"]);
    expect(flags.get(fresh)?.[0].detail).toContain("$6,000.00");
  });

  it("does not flag small payments, old addresses, repeat payees or contracts", () => {
    const pay = (amount: bigint, at = minutes(30)) => transfer({ from: WALLET, to: fresh, amount, timestamp: at });
    expect(flagsOf({ transfers: [pay(ETHER)], addresses: [seen(minutes(20))] }).size).toBe(0);
    expect(flagsOf({ transfers: [pay(2n * ETHER)], addresses: [seen(new Date(T0.getTime() - 2 * 86_400_000))] }).size).toBe(0);
    expect(flagsOf({ transfers: [pay(2n * ETHER), pay(2n * ETHER, minutes(90))], addresses: [seen(minutes(20))] }).size).toBe(0);
    expect(flagsOf({ transfers: [pay(2n * ETHER)], addresses: [seen(minutes(20), true)] }).size).toBe(0);
  });
});

describe("the flag list", () => {
  const listed = address(0xbad);
  const flagList = { version: "2026-01-01", entries: [{ address: listed.toUpperCase().replace("0X", "0x"), reason: "Known drainer", source: "test list", listedOn: "2025-12-01", chains: ["eth-mainnet"] }] };

  it("flags a listed address wherever it appears in the transfers, with the list's date and source", () => {
    const flags = flagsOf({ transfers: [transfer({ from: WALLET, to: listed, amount: ETHER })], flagList });
    expect(flags.get(listed)?.[0]).toMatchObject({ code: "flag-list", chains: ["eth-mainnet"] });
    expect(flags.get(listed)?.[0].detail).toBe("On the local flag list of 2026-01-01: Known drainer (source: test list, listed 2025-12-01).");
  });

  it("respects the entry's chains", () => {
    expect(flagsOf({ transfers: [transfer({ from: WALLET, to: listed, chain: "base-mainnet" })], flagList }).size).toBe(0);
  });
});

describe("the chain filter", () => {
  it("looks only at the requested chains", () => {
    const transfers = [transfer({ from: WALLET, to: FRIEND }), transfer({ from: LOOKALIKE, to: WALLET, chain: "base-mainnet", timestamp: minutes(5), amount: 0n })];
    expect(codesOf(flagsOf({ transfers }), LOOKALIKE)).toEqual(["lookalike", "zero-value"]);
    expect(codesOf(flagsOf({ transfers }, ["base-mainnet"]), LOOKALIKE)).toEqual(["zero-value"]);
    expect(flagsOf({ transfers }, ["eth-mainnet"]).size).toBe(0);
  });
});

it("reasons carry counts, chains and example transactions", () => {
  const transfers = [1, 2, 3, 4].map((n) => erc20({ from: OTHER, to: WALLET, amount: 0n, tokenAddress: USDC, timestamp: minutes(n * 60) }));
  const [reason] = flagsOf({ transfers }).get(OTHER)!;
  expect(reason).toMatchObject({ code: "zero-value", count: 4, chains: ["eth-mainnet"] });
  expect(reason.examples).toEqual(transfers.slice(0, 3).map((t) => t.txHash));
  expect(reason.detail).toBe("4 zero-value transfers (USDC) with the wallet that the wallet did not initiate.");
});

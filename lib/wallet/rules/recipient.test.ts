import { describe, expect, it } from "vitest";
import { buildContext } from "./context";
import { DEFAULT_THRESHOLDS } from "../config";
import { checkRecipient, diffAddresses } from "./recipient";
import { collectCounterparties } from "./transactions";
import { findUncommonAddresses } from "./uncommon";
import { erc20, ETHER, facts, FRIEND, minutes, NOW, OTHER, transfer, WALLET } from "./test-facts";
import type { WalletFacts } from "./types";

const POISON = "0xbbbb99999999999999999999999999999999bbbb";
const FRESH_LOOKALIKE = "0xbbbb77777777777777777777777777777777bbbb";
const STRANGER = "0x1234000000000000000000000000000000005678";

const history = (): Partial<WalletFacts> => ({
  transfers: [
    transfer({ from: FRIEND, to: WALLET, timestamp: minutes(0) }),
    transfer({ from: WALLET, to: FRIEND, amount: ETHER / 2n, timestamp: minutes(60) }),
    erc20({ from: POISON, to: WALLET, amount: 0n, timestamp: minutes(120) }),
    transfer({ from: OTHER, to: WALLET, timestamp: minutes(180) }),
  ],
});

const check = (to: string, fields: Partial<WalletFacts> = history(), trusted: { address: string; label: string | null }[] = []) => {
  const ctx = buildContext(facts(fields), { now: NOW, thresholds: DEFAULT_THRESHOLDS });
  const counterparties = collectCounterparties(ctx);
  return checkRecipient(ctx, {
    to,
    counterparties,
    flagged: findUncommonAddresses(ctx, counterparties),
    trusted: trusted.map((entry) => ({ ...entry, anchor: "trusted" as const, transactionCount: 0 })),
    labels: new Map(trusted.filter((entry) => entry.label).map((entry) => [entry.address, entry.label!])),
  });
};

describe("diffAddresses", () => {
  it("lists every differing position and brackets each run", () => {
    const { differences, marked } = diffAddresses("0xabcd00ef", "0xabce11ef");
    expect(differences).toEqual([
      { index: 5, expected: "d", actual: "e" },
      { index: 6, expected: "0", actual: "1" },
      { index: 7, expected: "0", actual: "1" },
    ]);
    expect(marked).toBe("0xabc[e11]ef");
    expect(diffAddresses("0x12", "0x13").marked).toBe("0x1[3]");
  });
});

describe("checkRecipient", () => {
  it("calls a paid counterparty known", () => {
    const result = check(FRIEND);
    expect(result).toMatchObject({ verdict: "known", severity: "ok", lookalikeOf: [], counterparty: { transactionCount: 2, paidByWallet: true } });
    expect(result.reasons.map((reason) => reason.code)).toEqual(["known"]);
  });

  it("calls the poisoner a look-alike of the friend, with the differing characters marked", () => {
    const result = check(POISON);
    expect(result.verdict).toBe("lookalike");
    expect(result.severity).toBe("danger");
    expect(result.lookalikeOf).toHaveLength(1);
    expect(result.lookalikeOf[0]).toMatchObject({ address: FRIEND, anchor: "counterparty", transactionCount: 2, marked: "0xbbbb[99999999999999999999999999999999]bbbb" });
    expect(result.lookalikeOf[0].differences).toHaveLength(32);
    expect(result.reasons.map((reason) => reason.code)).toEqual(["lookalike", "zero-value"]);
  });

  it("catches a look-alike the wallet has never seen", () => {
    const result = check(FRESH_LOOKALIKE);
    expect(result.verdict).toBe("lookalike");
    expect(result.counterparty).toBeNull();
    expect(result.reasons.map((reason) => reason.code)).toEqual(["lookalike", "fresh"]);
  });

  it("calls an address never seen fresh", () => {
    const result = check(STRANGER);
    expect(result).toMatchObject({ verdict: "fresh", severity: "caution", counterparty: null, lookalikeOf: [] });
  });

  it("flags an address on the flag list whatever the history", () => {
    const result = check(FRIEND, { ...history(), flagList: { version: "2026-11-01", entries: [{ address: FRIEND, reason: "drainer", source: "test", listedOn: "2026-10-01" }] } });
    expect(result.verdict).toBe("flagged");
    expect(result.reasons[0]).toEqual({ code: "flag-list", detail: expect.stringContaining("drainer") });
  });

  it("lets a trusted address anchor look-alikes and silences its flags", () => {
    const trusted = [{ address: STRANGER, label: "Exchange" }];
    const lookalike = "0x1234ffffffffffffffffffffffffffffffff5678";
    expect(check(lookalike, history(), trusted)).toMatchObject({ verdict: "lookalike", lookalikeOf: [{ address: STRANGER, label: "Exchange", anchor: "trusted" }] });
    expect(check(STRANGER, history(), trusted)).toMatchObject({ verdict: "known", reasons: [{ code: "trusted" }] });
    const poisonTrusted = check(POISON, history(), [{ address: POISON, label: null }]);
    expect(poisonTrusted.verdict).toBe("known");
  });
});

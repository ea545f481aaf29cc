// The recipient check: before the wallet sends to `to`, what its own history says about that
// address. Verdicts, most serious first: flagged (on the flag list) → lookalike (shares the first
// and last 4 hex characters with an address the wallet genuinely deals with, but is another
// address) → flagged (by the uncommon-address heuristics) → known (a counterparty in good standing)
// → fresh (never seen in the wallet's history).
import type { MetricsContext } from "./context";
import type { Counterparty } from "./transactions";
import type { UncommonReason } from "./types";

export type RecipientVerdict = "known" | "lookalike" | "fresh" | "flagged";

export type CharacterDiff = { index: number; expected: string; actual: string };

export type LookalikeMatch = {
  /** The genuine address `to` imitates. */
  address: string;
  label: string | null;
  /** Why it anchors: a counterparty the wallet dealt with, or an address the user trusts. */
  anchor: "counterparty" | "trusted";
  transactionCount: number;
  /** Positions (0-based, in the 0x-prefixed string) where `to` differs. */
  differences: CharacterDiff[];
  /** `to` with each run of differing characters in [brackets]. */
  marked: string;
};

export type RecipientReason = { code: string; detail: string };

export type RecipientCheck = {
  verdict: RecipientVerdict;
  severity: "ok" | "caution" | "danger";
  reasons: RecipientReason[];
  counterparty: { transactionCount: number; chains: string[]; firstAt: string; lastAt: string; paidByWallet: boolean } | null;
  lookalikeOf: LookalikeMatch[];
};

export type Anchor = { address: string; label: string | null; anchor: "counterparty" | "trusted"; transactionCount: number };

const signature = (address: string) => `${address.slice(2, 6)}|${address.slice(-4)}`;

export const diffAddresses = (expected: string, actual: string) => {
  const differences: CharacterDiff[] = [];
  for (let index = 0; index < actual.length; index += 1) {
    if (expected[index] !== actual[index]) differences.push({ index, expected: expected[index] ?? "", actual: actual[index] });
  }
  let marked = "";
  let open = false;
  for (let index = 0; index < actual.length; index += 1) {
    const differs = expected[index] !== actual[index];
    if (differs && !open) marked += "[";
    if (!differs && open) marked += "]";
    open = differs;
    marked += actual[index];
  }
  return { differences, marked: open ? `${marked}]` : marked };
};

export const SEVERITY: Record<RecipientVerdict, RecipientCheck["severity"]> = { known: "ok", fresh: "caution", lookalike: "danger", flagged: "danger" };

export const checkRecipient = (
  ctx: MetricsContext,
  input: {
    to: string;
    counterparties: Map<string, Counterparty>;
    flagged: Map<string, UncommonReason[]>;
    /** Addresses the user trusts: they anchor look-alike detection and are never flagged. */
    trusted: readonly Anchor[];
    labels: Map<string, string>;
    toIsContract?: boolean;
  },
): RecipientCheck => {
  const to = input.to.toLowerCase();
  const reasons: RecipientReason[] = [];
  const listed = ctx.flagList.entries.filter((entry) => entry.address === to && (!entry.chains || ctx.chainFilter === null || entry.chains.some((chain) => ctx.chainFilter!.includes(chain))));
  for (const entry of listed) reasons.push({ code: "flag-list", detail: `On the flag list (${entry.source}, listed ${entry.listedOn}): ${entry.reason}.` });

  // Genuine addresses: the user's trusted ones, and counterparties the heuristics do not flag.
  const trustedSet = new Set(input.trusted.map((anchor) => anchor.address));
  const anchors = new Map<string, Anchor>(input.trusted.map((anchor) => [anchor.address, anchor]));
  for (const counterparty of input.counterparties.values()) {
    if (input.flagged.has(counterparty.address) || anchors.has(counterparty.address)) continue;
    anchors.set(counterparty.address, { address: counterparty.address, label: input.labels.get(counterparty.address) ?? null, anchor: "counterparty", transactionCount: counterparty.transactionCount });
  }
  const lookalikeOf = trustedSet.has(to)
    ? []
    : [...anchors.values()]
        .filter((anchor) => anchor.address !== to && signature(anchor.address) === signature(to))
        .sort((a, b) => b.transactionCount - a.transactionCount || a.address.localeCompare(b.address))
        .map((anchor): LookalikeMatch => ({ ...anchor, transactionCount: input.counterparties.get(anchor.address)?.transactionCount ?? anchor.transactionCount, ...diffAddresses(anchor.address, to) }));
  for (const match of lookalikeOf) {
    const name = match.label ? `${match.label} (${match.address})` : match.address;
    reasons.push({
      code: "lookalike",
      detail: `Looks like ${name}, ${match.anchor === "trusted" ? "an address you trust" : `a counterparty with ${match.transactionCount} transaction${match.transactionCount === 1 ? "" : "s"}`}, but differs in ${match.differences.length} of 40 characters: ${match.marked}.`,
    });
  }
  if (to === ctx.wallet) reasons.push({ code: "self", detail: "This is the wallet's own address." });

  const history = input.counterparties.get(to);
  const flags = trustedSet.has(to) ? [] : (input.flagged.get(to) ?? []);
  for (const reason of flags) if (!(reason.code === "lookalike" && lookalikeOf.length > 0) && reason.code !== "flag-list") reasons.push({ code: reason.code, detail: reason.detail });

  const paid = ctx.transfers.some((transfer) => transfer.from === ctx.wallet && transfer.to === to && transfer.amount > 0n && (transfer.txFrom ?? transfer.from) === ctx.wallet);
  if (history && flags.length === 0 && listed.length === 0) {
    reasons.push({
      code: "known",
      detail: `${input.labels.get(to) ? `${input.labels.get(to)}: ` : ""}a counterparty in ${history.transactionCount} transaction${history.transactionCount === 1 ? "" : "s"} on ${history.chains.join(", ")} since ${history.firstAt.toISOString().slice(0, 10)}${paid ? "; the wallet has paid it before" : "; the wallet has never paid it"}.`,
    });
  }
  if (trustedSet.has(to)) reasons.push({ code: "trusted", detail: `In your address book as trusted${input.labels.get(to) ? ` ("${input.labels.get(to)}")` : ""}.` });
  if (!history && to !== ctx.wallet && !trustedSet.has(to)) {
    reasons.push({
      code: "fresh",
      detail: `Never seen in this wallet's history${ctx.chainFilter ? ` on ${ctx.chainFilter.join(", ")}` : ""}${input.toIsContract ? "; it is a contract" : ""}: check it through another channel before sending.`,
    });
  }

  const verdict: RecipientVerdict =
    listed.length > 0 ? "flagged" : lookalikeOf.length > 0 ? "lookalike" : flags.length > 0 ? "flagged" : history || to === ctx.wallet || trustedSet.has(to) ? "known" : "fresh";
  return {
    verdict,
    severity: SEVERITY[verdict],
    reasons,
    counterparty: history
      ? { transactionCount: history.transactionCount, chains: history.chains, firstAt: history.firstAt.toISOString(), lastAt: history.lastAt.toISOString(), paidByWallet: paid }
      : null,
    lookalikeOf,
  };
};

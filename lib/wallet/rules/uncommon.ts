// Uncommon addresses: explainable heuristics over the wallet's transfers (see
// docs/wallet-metrics.md, "Uncommon addresses"). Each flagged address carries its reasons.
import { counterpartyOf, factKey, initiatorOf, NULL_ADDRESS, type MetricsContext } from "./context";
import { roundCents, toUnits } from "./numbers";
import { symbolOf } from "./positions";
import type { Counterparty } from "./transactions";
import type { TransferFact, UncommonReason, UncommonReasonCode } from "./types";

type Finding = { address: string; code: UncommonReasonCode; chain: string; txHash: string; note: string; usd?: number };

const CODE_ORDER: UncommonReasonCode[] = ["flag-list", "lookalike", "zero-value", "dust", "spam-token", "spam-token-contract", "burst", "fresh-large"];

const usd = (value: number) => `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const about = (value: number) => (value < 0.005 ? "worth less than $0.01" : `≈ ${usd(value)}`);
const amountText = (units: number) => units.toLocaleString("en-US", { maximumSignificantDigits: 3, maximumFractionDigits: 20 });
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const minutes = (ms: number) => (ms < 120_000 ? `${Math.round(ms / 1000)} s` : ms < 7_200_000 ? `${Math.round(ms / 60_000)} min` : `${roundCents(ms / 3_600_000)} h`);

/** The share of a transfer the wallet can value: whole tokens × the price at its time. */
const valueAt = (ctx: MetricsContext, transfer: TransferFact): number | undefined => {
  const token = ctx.tokens.get(factKey(transfer.chain, transfer.tokenAddress));
  if (token?.isSpam) return undefined;
  const decimals = token?.decimals ?? (transfer.tokenAddress === "native" ? 18 : undefined);
  const price = ctx.prices.at(transfer.chain, transfer.tokenAddress, transfer.timestamp);
  if (decimals === undefined || price === undefined) return undefined;
  return toUnits(transfer.amount, decimals) * price;
};

const isUnsolicited = (ctx: MetricsContext, transfer: TransferFact) => initiatorOf(transfer) !== ctx.wallet;

/** Who an unsolicited transfer flags: its counterparty and, when someone else, its sender. */
const suspectsOf = (ctx: MetricsContext, transfer: TransferFact) => {
  const suspects = new Set<string>();
  const other = counterpartyOf(ctx.wallet, transfer);
  if (other && other !== NULL_ADDRESS) suspects.add(other);
  const initiator = initiatorOf(transfer);
  if (initiator !== ctx.wallet && initiator !== NULL_ADDRESS) suspects.add(initiator);
  return [...suspects];
};

/** Addresses the wallet itself has paid (sent a non-zero transfer it initiated): known to it. */
const paidByWallet = (ctx: MetricsContext) =>
  new Set(ctx.transfers.filter((transfer) => transfer.from === ctx.wallet && initiatorOf(transfer) === ctx.wallet && transfer.amount > 0n).map((transfer) => transfer.to));

const unsolicitedFindings = (ctx: MetricsContext): Finding[] => {
  const findings: Finding[] = [];
  const known = paidByWallet(ctx);
  const floors = new Set(ctx.nfts.filter((nft) => nft.floorPriceUsd !== null).map((nft) => factKey(nft.chain, nft.contractAddress)));
  for (const transfer of ctx.transfers) {
    if (!isUnsolicited(ctx, transfer)) continue;
    // What a trusted address sends (dust, zero-value, unpriced or spam tokens) is not held against it.
    if (ctx.trusted.has(transfer.from) || ctx.trusted.has(initiatorOf(transfer))) continue;
    const symbol = symbolOf(ctx, transfer.chain, transfer.tokenAddress);
    const token = ctx.tokens.get(factKey(transfer.chain, transfer.tokenAddress));
    const add = (code: UncommonReasonCode, note: string, value?: number) => {
      for (const address of suspectsOf(ctx, transfer)) findings.push({ address, code, chain: transfer.chain, txHash: transfer.txHash, note, usd: value });
    };
    // Dust, unpriced tokens and NFTs without a floor from someone the wallet has paid are a
    // friend's small change or gift, not an attack; explicit spam and zero-value are flagged anyway.
    const fromKnown = known.has(transfer.from) && (transfer.txFrom === null || known.has(transfer.txFrom) || transfer.txFrom === transfer.from);
    if (transfer.kind === "erc721") {
      if (transfer.to !== ctx.wallet) continue;
      const why = token?.isSpam ? "marked as spam" : floors.has(factKey(transfer.chain, transfer.tokenAddress)) || fromKnown ? undefined : "without a known floor price";
      if (why) {
        add("spam-token", `an NFT of ${symbol} (${why})`);
        findings.push({ address: transfer.tokenAddress, code: "spam-token-contract", chain: transfer.chain, txHash: transfer.txHash, note: `NFT collection ${symbol} ${why}` });
      }
      continue;
    }
    if (transfer.amount === 0n) {
      add("zero-value", symbol);
      continue;
    }
    if (transfer.to !== ctx.wallet) continue;
    if (fromKnown && !token?.isSpam) continue;
    const value = valueAt(ctx, transfer);
    if (value === undefined) {
      const why = token?.isSpam ? "marked as spam" : "without a USD price";
      add("spam-token", `${symbol} (${why})`);
      if (transfer.tokenAddress !== "native") {
        findings.push({ address: transfer.tokenAddress, code: "spam-token-contract", chain: transfer.chain, txHash: transfer.txHash, note: `token ${symbol} ${why}` });
      }
    } else if (value < ctx.thresholds.dustUsd) {
      const units = toUnits(transfer.amount, token?.decimals ?? 18);
      add("dust", `${amountText(units)} ${symbol}`, value);
    }
  }
  return findings;
};

/** Counterparties sharing the first and last 4 hex characters with an earlier counterparty, or with the wallet. */
const lookalikeFindings = (ctx: MetricsContext, counterparties: Map<string, Counterparty>): Finding[] => {
  const signature = (address: string) => `${address.slice(2, 6)}…${address.slice(-4)}`;
  const groups = new Map<string, Counterparty[]>();
  for (const counterparty of counterparties.values()) {
    const key = signature(counterparty.address);
    groups.set(key, [...(groups.get(key) ?? []), counterparty]);
  }
  const trustedBySignature = new Map<string, string>();
  for (const address of [...ctx.trusted].sort()) if (!trustedBySignature.has(signature(address))) trustedBySignature.set(signature(address), address);
  const findings: Finding[] = [];
  for (const [key, members] of groups) {
    const mimicsWallet = key === signature(ctx.wallet);
    // An address the user trusts is the genuine one of its group, whether or not the wallet dealt with it.
    const trustedAnchor = trustedBySignature.get(key);
    if (trustedAnchor && !mimicsWallet) {
      for (const member of members) {
        if (ctx.trusted.has(member.address)) continue;
        const first = member.transfers[0];
        findings.push({ address: member.address, code: "lookalike", chain: first.chain, txHash: first.txHash, note: `looks like ${trustedAnchor}, an address you trust` });
      }
      continue;
    }
    if (members.length < 2 && !mimicsWallet) continue;
    // The genuine one is the wallet itself, else the counterparty it dealt with first.
    const ordered = [...members].sort((a, b) => a.firstAt.getTime() - b.firstAt.getTime() || b.transactionCount - a.transactionCount || a.address.localeCompare(b.address));
    const genuine = mimicsWallet ? null : ordered[0];
    for (const member of ordered) {
      if (member === genuine || ctx.trusted.has(member.address)) continue;
      const first = member.transfers[0];
      const note = genuine
        ? `looks like ${genuine.address}, a counterparty since ${genuine.firstAt.toISOString().slice(0, 10)}`
        : `looks like the wallet's own address ${ctx.wallet}`;
      findings.push({ address: member.address, code: "lookalike", chain: first.chain, txHash: first.txHash, note });
    }
  }
  return findings;
};

/** At least burstCount transactions from one non-contract counterparty within the burst window. */
const burstFindings = (ctx: MetricsContext, counterparties: Map<string, Counterparty>): Finding[] => {
  const { burstCount, burstWindowMs } = ctx.thresholds;
  const findings: Finding[] = [];
  for (const counterparty of counterparties.values()) {
    if (counterparty.isContract) continue;
    const incoming = new Map<string, TransferFact>();
    for (const transfer of counterparty.transfers) if (transfer.to === ctx.wallet) incoming.set(`${transfer.chain}|${transfer.txHash}`, transfer);
    const txs = [...incoming.values()];
    let best = 0;
    let bestStart = 0;
    for (let start = 0, end = 0; end < txs.length; end += 1) {
      while (txs[end].timestamp.getTime() - txs[start].timestamp.getTime() > burstWindowMs) start += 1;
      if (end - start + 1 > best) {
        best = end - start + 1;
        bestStart = start;
      }
    }
    if (best >= burstCount) {
      const span = txs[bestStart + best - 1].timestamp.getTime() - txs[bestStart].timestamp.getTime();
      findings.push({ address: counterparty.address, code: "burst", chain: txs[bestStart].chain, txHash: txs[bestStart].txHash, note: `${best} transactions to the wallet within ${minutes(span)}` });
    }
  }
  return findings;
};

/** A large payment by the wallet to a non-contract address first seen shortly before, and never dealt with again. */
const freshLargeFindings = (ctx: MetricsContext, counterparties: Map<string, Counterparty>): Finding[] => {
  const findings: Finding[] = [];
  for (const counterparty of counterparties.values()) {
    if (counterparty.isContract || counterparty.transactionCount !== 1) continue;
    for (const transfer of counterparty.transfers) {
      if (transfer.from !== ctx.wallet || initiatorOf(transfer) !== ctx.wallet) continue;
      const value = valueAt(ctx, transfer);
      const firstSeen = ctx.addresses.get(factKey(transfer.chain, counterparty.address))?.firstSeenAt;
      if (value === undefined || value < ctx.thresholds.largeUsd || !firstSeen) continue;
      const age = transfer.timestamp.getTime() - firstSeen.getTime();
      if (age < 0 || age >= ctx.thresholds.freshWindowMs) continue;
      findings.push({ address: counterparty.address, code: "fresh-large", chain: transfer.chain, txHash: transfer.txHash, note: `${minutes(age)} after it was first seen`, usd: value });
    }
  }
  return findings;
};

const flagListFindings = (ctx: MetricsContext): Finding[] => {
  const entries = new Map(ctx.flagList.entries.map((entry) => [entry.address, entry]));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const transfer of ctx.transfers) {
    for (const address of [transfer.from, transfer.to, transfer.txFrom, transfer.tokenAddress]) {
      const entry = address ? entries.get(address) : undefined;
      if (!entry || (entry.chains && !entry.chains.includes(transfer.chain)) || seen.has(entry.address)) continue;
      seen.add(entry.address);
      findings.push({ address: entry.address, code: "flag-list", chain: transfer.chain, txHash: transfer.txHash, note: `${entry.reason} (source: ${entry.source}, listed ${entry.listedOn})` });
    }
  }
  return findings;
};

const describe = (code: UncommonReasonCode, findings: Finding[], ctx: MetricsContext): string => {
  const { thresholds } = ctx;
  const count = findings.length;
  const notes = [...new Set(findings.map((finding) => finding.note))];
  switch (code) {
    case "flag-list":
      return `On the local flag list of ${ctx.flagList.version}: ${notes[0]}.`;
    case "lookalike":
      return `Address-poisoning look-alike: ${notes[0]} (same first 4 and last 4 hex characters, different address).`;
    case "zero-value":
      return `${plural(count, "zero-value transfer")} (${notes.join(", ")}) with the wallet that the wallet did not initiate.`;
    case "dust": {
      if (count === 1) return `1 unsolicited transfer to the wallet worth less than ${usd(thresholds.dustUsd)}: ${notes[0]} (${about(findings[0].usd ?? 0)}).`;
      const largest = Math.max(...findings.map((finding) => finding.usd ?? 0));
      return `${count} unsolicited transfers to the wallet worth less than ${usd(thresholds.dustUsd)} each (largest ${about(largest)}; e.g. ${notes[0]}).`;
    }
    case "spam-token":
      return `${plural(count, "unsolicited transfer")} to the wallet of ${notes.join(", ")}.`;
    case "spam-token-contract":
      return `Contract of an unsolicited ${notes[0]}.`;
    case "burst":
      return `Burst: ${notes[0]} (threshold: ${thresholds.burstCount} within ${minutes(thresholds.burstWindowMs)}).`;
    case "fresh-large":
      return `Received ${usd(findings[0].usd ?? 0)} from the wallet in its only transaction, ${notes[0]} (thresholds: ${usd(thresholds.largeUsd)}, ${minutes(thresholds.freshWindowMs)}).`;
  }
};

/** Every flagged address with its reasons, in address order. */
export const findUncommonAddresses = (ctx: MetricsContext, counterparties: Map<string, Counterparty>): Map<string, UncommonReason[]> => {
  const findings = [
    ...flagListFindings(ctx),
    ...lookalikeFindings(ctx, counterparties),
    ...unsolicitedFindings(ctx),
    ...burstFindings(ctx, counterparties),
    ...freshLargeFindings(ctx, counterparties),
  ];
  const grouped = new Map<string, Map<UncommonReasonCode, Finding[]>>();
  for (const finding of findings) {
    let byCode = grouped.get(finding.address);
    if (!byCode) grouped.set(finding.address, (byCode = new Map()));
    byCode.set(finding.code, [...(byCode.get(finding.code) ?? []), finding]);
  }
  const result = new Map<string, UncommonReason[]>();
  for (const address of [...grouped.keys()].sort()) {
    const byCode = grouped.get(address)!;
    const reasons = CODE_ORDER.filter((code) => byCode.has(code)).map((code): UncommonReason => {
      const list = byCode.get(code)!;
      return {
        code,
        detail: describe(code, list, ctx),
        count: list.length,
        chains: [...new Set(list.map((finding) => finding.chain))].sort(),
        examples: [...new Set(list.map((finding) => finding.txHash))].slice(0, 3),
      };
    });
    result.set(address, reasons);
  }
  return result;
};

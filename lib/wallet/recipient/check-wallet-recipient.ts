// POST /api/wallets/{address}/check-recipient: the recipient check over the wallet's stored
// history (lib/wallet/rules/recipient.ts has the rules), with the caller's address book.
import { prisma } from "../../db";
import { loadAddressBook } from "../address-book";
import { thresholdsOf, walletEnv } from "../config";
import { checkChains, listKnownChains } from "../list-known-chains";
import { loadWalletFacts } from "../load-wallet-facts";
import { buildContext } from "../rules/context";
import { computeCoverage } from "../rules/coverage";
import { attachIndexing } from "../indexing";
import { checkRecipient, type Anchor } from "../rules/recipient";
import { collectCounterparties } from "../rules/transactions";
import { findUncommonAddresses } from "../rules/uncommon";
import type { TCheckRecipientBody, TRecipientCheckResult } from "./schemas";

export const checkWalletRecipient = async (userId: string | undefined, address: string, body: TCheckRecipientBody, now = new Date()): Promise<TRecipientCheckResult> => {
  const wallet = address.toLowerCase();
  const [known, book] = await Promise.all([listKnownChains(), loadAddressBook(userId)]);
  const chains = checkChains(body.chains, known, "body");
  const [facts, infos] = await Promise.all([
    loadWalletFacts(wallet, chains, known, { now }),
    prisma.addressInfo.findMany({ where: { address: body.to, ...(chains ? { chain: { in: chains } } : {}) }, select: { isContract: true, label: true } }),
  ]);
  const ctx = buildContext({ ...facts, trusted: [...book.trusted] }, { now, thresholds: thresholdsOf(walletEnv()), chains });
  const counterparties = collectCounterparties(ctx);
  const flagged = findUncommonAddresses(ctx, counterparties);
  const labels = new Map<string, string>();
  for (const fact of ctx.addresses.values()) if (fact.label) labels.set(fact.address, fact.label);
  for (const info of infos) if (info.label) labels.set(body.to, info.label);
  for (const [labelled, label] of book.labels) labels.set(labelled, label);
  const trusted: Anchor[] = [...book.trusted].sort().map((trustedAddress) => ({
    address: trustedAddress,
    label: book.labels.get(trustedAddress) ?? null,
    anchor: "trusted",
    transactionCount: counterparties.get(trustedAddress)?.transactionCount ?? 0,
  }));
  const check = checkRecipient(ctx, { to: body.to, counterparties, flagged, trusted, labels, toIsContract: infos.some((info) => info.isContract) });
  const coverage = await attachIndexing({
    wallet,
    coverage: computeCoverage(ctx, { cursors: facts.cursors ?? [], rows: [], excluded: [], staleAfterHours: ctx.thresholds.priceStaleHours }),
    scope: chains ?? known.map((chain) => chain.slug),
    filter: chains,
    userId,
  });
  return { wallet_address: wallet, to: body.to, toLabel: labels.get(body.to) ?? null, ...check, coverage };
};

// POST /api/metrics: the metrics of a wallet (given, or the caller's default linked wallet), computed
// by the pure engine from the stored facts; and the reasons behind its uncommon addresses.
import { prisma } from "../../db";
import { AppError } from "../../core/errors";
import { thresholdsOf, walletEnv } from "../config";
import { checkChains, listKnownChains } from "../list-known-chains";
import { loadWalletFacts } from "../load-wallet-facts";
import { computeWalletMetrics, type MetricsReport } from "../rules/compute";
import { resolveTokenMap } from "../rules/token-map";
import { FLAG_LIST } from "../load-flag-list";
import { loadAddressBook, type AddressBookView } from "../address-book";
import { attachIndexing } from "../indexing";
import type { TMetricsBody, TUncommonReport, TWalletMetricsResult } from "./schemas";

/** The wallet a request is about: the one it names, else the caller's default linked wallet. */
export const resolveWalletAddress = async (userId: string, given: string | undefined): Promise<string> => {
  if (given) return given.toLowerCase();
  const link = await prisma.userWallet.findFirst({ where: { userId }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { address: "asc" }], select: { address: true } });
  if (!link) {
    throw new AppError("validation_failed", "No wallet_address was given and you have no linked wallet: send wallet_address, or link a wallet in Settings (POST /api/wallet-links).", {
      errors: [{ path: "body.wallet_address", message: "required when no wallet is linked to your account" }],
    });
  }
  return link.address;
};

type ReportInput = {
  wallet: string;
  chains?: string[];
  tokenMap?: Record<string, string>;
  part: "body" | "query";
  now?: Date;
  /** The asking user's address book: trusted addresses anchor look-alikes and are not flagged for dust or spam. */
  book?: AddressBookView;
  /** Who asks (owner of an indexing job it starts). */
  userId?: string | null;
};

/** Validates chains and tokenMap against the stored data, then runs the engine. */
export const buildMetricsReport = async (input: ReportInput): Promise<MetricsReport> => {
  const now = input.now ?? new Date();
  const known = await listKnownChains();
  const chains = checkChains(input.chains, known, input.part);
  const tokenMap = Object.fromEntries(Object.entries(input.tokenMap ?? {}).map(([chain, token]) => [chain.trim().toLowerCase(), token]));
  const loaded = await loadWalletFacts(input.wallet, chains, known, { now, tokenMapChains: Object.keys(tokenMap).filter((chain) => known.some((k) => k.slug === chain)) });
  const facts = { ...loaded, trusted: [...(input.book?.trusted ?? [])] };
  const { resolved, issues } = resolveTokenMap(tokenMap, { chains: facts.chains, tokens: facts.tokens, holdings: facts.holdings, chainFilter: chains });
  if (issues.length > 0) {
    throw new AppError("validation_failed", `tokenMap names ${issues.length === 1 ? "a token that is" : "tokens that are"} not known: ${issues.map((issue) => issue.message).join("; ")}.`, {
      errors: issues.map((issue) => ({ path: `${input.part}.tokenMap.${issue.chain}`, message: issue.message })),
    });
  }
  const report = computeWalletMetrics(facts, { now, thresholds: thresholdsOf(walletEnv()), chains, tokenMap: resolved });
  const coverage = await attachIndexing({ wallet: input.wallet, coverage: report.coverage, scope: chains ?? known.map((chain) => chain.slug), filter: chains, userId: input.userId });
  return { ...report, coverage };
};

export const getWalletMetrics = async (userId: string, body: TMetricsBody, now?: Date): Promise<TWalletMetricsResult> => {
  const [wallet, book] = await Promise.all([resolveWalletAddress(userId, body.wallet_address), loadAddressBook(userId)]);
  const report = await buildMetricsReport({ wallet, chains: body.chains, tokenMap: body.tokenMap, part: "body", now, book, userId });
  const metrics = report.financialMetrics;
  const shown = [metrics.mostActiveWallet.address, ...metrics.behaviorOverview.markedUncommonWallets, ...metrics.uncommonAddressesInTx].filter(Boolean);
  const labels = await labelsOf(shown, book);
  return { wallet_address: wallet, user_uid: userId, financialMetrics: metrics, coverage: report.coverage, labels };
};

/**
 * Labels of the given addresses: the user's address book first, else a stored label (AddressInfo,
 * the first by chain). One query.
 */
export const labelsOf = async (addresses: readonly string[], book: AddressBookView): Promise<Record<string, string>> => {
  const unique = [...new Set(addresses)];
  const rest = unique.filter((address) => !book.labels.has(address));
  const stored = rest.length === 0 ? [] : await prisma.addressInfo.findMany({ where: { address: { in: rest }, label: { not: null } }, select: { address: true, label: true }, orderBy: { chain: "asc" } });
  const labels: Record<string, string> = {};
  for (const info of stored) labels[info.address] ??= info.label!;
  for (const address of unique) {
    const own = book.labels.get(address);
    if (own) labels[address] = own;
  }
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
};

export const getUncommonReport = async (userId: string | undefined, wallet: string, chains: string[] | undefined, now?: Date): Promise<TUncommonReport> => {
  const book = await loadAddressBook(userId);
  const report = await buildMetricsReport({ wallet: wallet.toLowerCase(), chains, part: "query", now, book, userId });
  const labels = await labelsOf(report.flagged.map((flagged) => flagged.address), book);
  return {
    wallet_address: report.wallet,
    flagListVersion: FLAG_LIST.version,
    coverage: report.coverage,
    addresses: report.flagged.map((flagged) => ({ ...flagged, label: labels[flagged.address] ?? null })),
  };
};

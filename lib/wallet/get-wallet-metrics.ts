// Endpoint 1: the metrics of a wallet (given, or the caller's default linked wallet), computed
// by the pure engine from the stored facts; and the reasons behind its uncommon addresses.
import { prisma } from "../db";
import { AppError } from "../http/errors";
import { thresholdsOf, walletEnv } from "./config";
import { checkChains, listKnownChains } from "./known-chains";
import { loadWalletFacts } from "./load-wallet-facts";
import { computeWalletMetrics, type MetricsReport } from "./metrics/compute";
import { resolveTokenMap } from "./metrics/token-map";
import { FLAG_LIST } from "./flag-list";
import type { TMetricsBody, TUncommonReport, TWalletMetricsResult } from "./schemas";

/** The wallet a request is about: the one it names, else the caller's default linked wallet. */
export const resolveWalletAddress = async (userId: string, given: string | undefined): Promise<string> => {
  if (given) return given.toLowerCase();
  const link = await prisma.userWallet.findFirst({ where: { userId }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { address: "asc" }], select: { address: true } });
  if (!link) {
    throw new AppError("validation_failed", "No wallet_address was given and you have no linked wallet: send wallet_address, or link a wallet in Settings (POST /api/wallets/links).", {
      errors: [{ path: "body.wallet_address", message: "required when no wallet is linked to your account" }],
    });
  }
  return link.address;
};

type ReportInput = { wallet: string; chains?: string[]; tokenMap?: Record<string, string>; part: "body" | "query"; now?: Date };

/** Validates chains and tokenMap against the stored data, then runs the engine. */
export const buildMetricsReport = async (input: ReportInput): Promise<MetricsReport> => {
  const now = input.now ?? new Date();
  const known = await listKnownChains();
  const chains = checkChains(input.chains, known, input.part);
  const tokenMap = Object.fromEntries(Object.entries(input.tokenMap ?? {}).map(([chain, token]) => [chain.trim().toLowerCase(), token]));
  const facts = await loadWalletFacts(input.wallet, chains, known, { now, tokenMapChains: Object.keys(tokenMap).filter((chain) => known.some((k) => k.slug === chain)) });
  const { resolved, issues } = resolveTokenMap(tokenMap, { chains: facts.chains, tokens: facts.tokens, holdings: facts.holdings, chainFilter: chains });
  if (issues.length > 0) {
    throw new AppError("validation_failed", `tokenMap names ${issues.length === 1 ? "a token that is" : "tokens that are"} not known: ${issues.map((issue) => issue.message).join("; ")}.`, {
      errors: issues.map((issue) => ({ path: `${input.part}.tokenMap.${issue.chain}`, message: issue.message })),
    });
  }
  return computeWalletMetrics(facts, { now, thresholds: thresholdsOf(walletEnv()), chains, tokenMap: resolved });
};

export const getWalletMetrics = async (userId: string, body: TMetricsBody, now?: Date): Promise<TWalletMetricsResult> => {
  const wallet = await resolveWalletAddress(userId, body.wallet_address);
  const report = await buildMetricsReport({ wallet, chains: body.chains, tokenMap: body.tokenMap, part: "body", now });
  return { wallet_address: wallet, user_uid: userId, financialMetrics: report.financialMetrics };
};

export const getUncommonReport = async (wallet: string, chains: string[] | undefined, now?: Date): Promise<TUncommonReport> => {
  const report = await buildMetricsReport({ wallet: wallet.toLowerCase(), chains, part: "query", now });
  return { wallet_address: report.wallet, flagListVersion: FLAG_LIST.version, addresses: report.flagged };
};

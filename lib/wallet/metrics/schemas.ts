// Schemas of POST /api/metrics and GET /api/wallets/{address}/uncommon: the contract's financial
// metrics and the reasons behind uncommon addresses. Client-safe.
import { z } from "zod";
import { ZChainsQuery, ZChainSlug, ZCount, ZCoverage, ZTokenMap, ZWalletAddress } from "../schemas";

export const ZMetricsBody = z.object({
  wallet_address: ZWalletAddress.optional().describe("The wallet; absent: the caller's default linked wallet"),
  chains: z
    .array(ZChainSlug)
    .min(1, "must name at least one chain (leave it out for every chain)")
    .max(64)
    .optional()
    .describe("Only these chains (default: every chain)"),
  tokenMap: ZTokenMap.optional().describe("Chain slug → token symbol or contract address: report only that token's position for that chain"),
});
export type TMetricsBody = z.infer<typeof ZMetricsBody>;

export const ZFinancialMetrics = z.object({
  balance: z.number().describe("USD value of the reported positions (Σ value)"),
  positions: z
    .record(z.string(), z.object({ value: z.number().describe("USD, cents"), percentage: z.number().describe("Share of the balance, %, 2 decimals") }))
    .describe('Keyed by position name, e.g. "ETH (eth-mainnet)"'),
  totalTransactions: ZCount,
  transactionsByChain: z.record(z.string(), ZCount),
  transactionsByLayer: z.object({ Layer1: ZCount, Layer2: ZCount }),
  interactingWallets: ZCount.describe("Distinct counterparties"),
  mostActiveWallet: z.object({ address: z.string(), transactionCount: ZCount }),
  behaviorOverview: z.object({
    overview: z.object({ Low: ZCount, Moderate: ZCount, High: ZCount, Uncommon: ZCount }),
    markedUncommonWallets: z.array(z.string()),
    totalUncommon: ZCount,
  }),
  nftSummary: z.object({ nftCount: ZCount, nftValueEst: z.number().describe("Σ floor price, USD") }),
  uncommonAddressesInTx: z.array(z.string()),
});
export type TFinancialMetrics = z.infer<typeof ZFinancialMetrics>;

export const ZWalletMetricsResult = z.object({
  wallet_address: z.string().describe("The wallet, lower case"),
  user_uid: z.string().describe("The credential owner's user id"),
  financialMetrics: ZFinancialMetrics,
  coverage: ZCoverage,
  labels: z.record(z.string(), z.string()).describe("Labels of the addresses in the answer: yours (address book) first, else stored ones (an addition to the contract)"),
});
export type TWalletMetricsResult = z.infer<typeof ZWalletMetricsResult>;

export const ZUncommonQuery = ZChainsQuery;

export const ZUncommonReason = z.object({
  code: z.enum(["flag-list", "lookalike", "zero-value", "dust", "spam-token", "spam-token-contract", "burst", "fresh-large"]),
  detail: z.string().describe("One sentence that can be checked against the transfers"),
  count: ZCount.describe("Transfers or transactions behind it"),
  chains: z.array(z.string()),
  examples: z.array(z.string()).describe("Up to three transaction hashes"),
});

export const ZUncommonReport = z.object({
  wallet_address: z.string(),
  flagListVersion: z.string().describe("Date of the local flag list"),
  coverage: ZCoverage,
  addresses: z.array(
    z.object({
      address: z.string(),
      label: z.string().nullable().describe("Your label for it (address book), else a stored one"),
      counterparty: z.boolean().describe("A counterparty of the wallet (in markedUncommonWallets) or only present in its transfers"),
      transactionCount: ZCount,
      reasons: z.array(ZUncommonReason),
    }),
  ),
});
export type TUncommonReport = z.infer<typeof ZUncommonReport>;

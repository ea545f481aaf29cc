// Wallet schemas: POST /api/metrics, linked wallets, uncommon-address reasons.
// Client-safe (no database imports): the wallet page and settings validate with these too.
import { z } from "zod";

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** An EVM address, compared case-insensitively: stored and answered in lower case. */
export const ZWalletAddress = z
  .string()
  .trim()
  .regex(ADDRESS_PATTERN, "must be an EVM address: 0x followed by 40 hex digits")
  .transform((value) => value.toLowerCase());

export const ZChainSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .describe("A chain slug such as eth-mainnet");

/** At most as many tokenMap entries as a chain list may name. */
export const MAX_TOKEN_MAP_ENTRIES = 64;

/**
 * Chain slug → token (symbol or contract address). Bounded like `chains`: each unknown entry is
 * named in the 400 answer, so an unbounded map made an answer many times the request's size.
 */
export const ZTokenMap = z
  .record(z.string().max(64, "a chain slug is at most 64 characters"), z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"))
  .refine((map) => Object.keys(map).length <= MAX_TOKEN_MAP_ENTRIES, `must name at most ${MAX_TOKEN_MAP_ENTRIES} chains`);

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

const ZCount = z.number().int().min(0);

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

export const ZIndexingJob = z.object({
  chain: z.string(),
  jobId: z.string(),
  status: z.enum(["QUEUED", "RUNNING", "DONE", "ERROR", "CANCELLED"]),
  progress: z
    .object({ stage: z.string().describe("The source action being read (txlist, tokentx, …), or holdings, prices, done"), records: ZCount, fromBlock: z.string().nullable(), toBlock: z.string().nullable() })
    .describe("How far the job got"),
  error: z.string().nullable().describe("Why the last attempt failed"),
  updatedAt: z.string(),
});
export type TIndexingJob = z.infer<typeof ZIndexingJob>;

export const ZCoverage = z
  .object({
    status: z
      .enum(["indexed", "not-indexed", "indexing"])
      .describe('"not-indexed": nothing is stored for the wallet on the requested chains, so zeros mean unknown, not empty; "indexing": nothing stored yet, and a background job is reading a configured data source'),
    detail: z.string().describe("One sentence summing up what the answer covers"),
    chains: z.array(
      z.object({
        chain: z.string(),
        status: z.enum(["indexed", "not-indexed", "indexing"]),
        source: z.enum(["ingester", "explorer", "stored"]).nullable().describe("ingester: scanned over JSON-RPC; explorer: read from an Etherscan-compatible account API; stored: imported or seeded facts; null: nothing"),
        lastIndexedBlock: z.string().nullable().describe("The ingester's last scanned block, else the highest stored block (decimal)"),
        lastIndexedAt: z.string().nullable().describe("When the ingester reached that block, else the time of the latest stored transfer (ISO 8601)"),
        transfers: ZCount,
        holdings: ZCount,
        nfts: ZCount,
      }),
    ),
    prices: z.object({
      oldestAsOf: z.string().nullable().describe("The oldest quote behind the balance (ISO 8601)"),
      newestAsOf: z.string().nullable(),
      staleAfterHours: z.number().describe("Quotes older than this at answer time are stale (WALLET_PRICE_STALE_HOURS)"),
      used: z.array(z.object({ chain: z.string(), tokenAddress: z.string(), symbol: z.string(), priceUsd: z.number(), asOf: z.string(), stale: z.boolean() })),
    }),
    excluded: z
      .array(z.object({ chain: z.string(), tokenAddress: z.string(), symbol: z.string(), reason: z.enum(["spam", "unpriced"]), detail: z.string() }))
      .describe("Holdings left out of the balance, with the reason"),
    indexing: z.array(ZIndexingJob).describe("Background indexing of the wallet: per chain the active job, else the latest one"),
  })
  .describe("What the answer covers (an addition to the contract's fields)");
export type TCoverage = z.infer<typeof ZCoverage>;

export const ZWalletIndexing = z.object({
  wallet_address: z.string(),
  status: z.enum(["indexed", "not-indexed", "indexing"]),
  active: z.boolean().describe("A job is queued or running: ask again for progress"),
  chains: z
    .array(
      z.object({
        chain: z.string(),
        status: z.enum(["indexed", "not-indexed", "indexing"]),
        source: z.enum(["ingester", "explorer", "stored"]).nullable(),
        lastIndexedBlock: z.string().nullable(),
        lastIndexedAt: z.string().nullable(),
        canIndexOnDemand: z.boolean().describe("An explorer API (EXPLORER_URL_<CHAIN>) or a JSON-RPC endpoint (RPC_URL_<CHAIN>) is configured for the chain, so a job can index it"),
        rpcConfigured: z.boolean().describe("A JSON-RPC endpoint is configured (RPC_URL_<CHAIN>) for the ingester"),
      }),
    )
    .describe("The requested chains; without chains, those with data or with a source"),
  jobs: z.array(ZIndexingJob),
});
export type TWalletIndexing = z.infer<typeof ZWalletIndexing>;

export const ZWalletMetricsResult = z.object({
  wallet_address: z.string().describe("The wallet, lower case"),
  user_uid: z.string().describe("The credential owner's user id"),
  financialMetrics: ZFinancialMetrics,
  coverage: ZCoverage,
  labels: z.record(z.string(), z.string()).describe("Labels of the addresses in the answer: yours (address book) first, else stored ones (an addition to the contract)"),
});
export type TWalletMetricsResult = z.infer<typeof ZWalletMetricsResult>;

export const ZWalletAddressParams = z.object({ address: ZWalletAddress.describe("A wallet address (0x + 40 hex digits)") });

export const ZChainList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((item) => item.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(ZChainSlug).min(1, "must name at least one chain"));

export const ZUncommonQuery = z.object({
  chains: ZChainList.optional().describe("Only these chains: repeat the parameter or separate with commas"),
});

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

export const ZWalletLink = z.object({
  address: z.string(),
  label: z.string().nullable(),
  isDefault: z.boolean().describe("The wallet POST /api/metrics uses when the body names none"),
  createdAt: z.string(),
});
export type TWalletLink = z.infer<typeof ZWalletLink>;

export const ZLinkWalletBody = z.object({
  address: ZWalletAddress.describe("The wallet address to link"),
  label: z.string().trim().min(1, "must not be empty").max(100).optional().describe("A name for it"),
  isDefault: z.boolean().optional().describe("Make it the default (the first linked wallet always is)"),
});
export type TLinkWalletBody = z.infer<typeof ZLinkWalletBody>;

export const ZUpdateWalletLinkBody = z.object({
  label: z.string().trim().min(1).max(100).nullable().optional().describe("New label (null clears it)"),
  isDefault: z.literal(true).optional().describe("Make it the default"),
});
export type TUpdateWalletLinkBody = z.infer<typeof ZUpdateWalletLinkBody>;

// Schemas every part of the wallet area shares: addresses, chain slugs and lists, token maps, and
// the coverage every answer about a wallet carries. Each sub-area's own request and response
// schemas are in its schemas.ts. Client-safe (no database imports): the wallet page and settings
// validate with these too.
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

export const ZCount = z.number().int().min(0);

export const ZWalletAddressParams = z.object({ address: ZWalletAddress.describe("A wallet address (0x + 40 hex digits)") });

export const ZChainList = z
  .union([z.string().meta({ pattern: "[^,\\s]" }), z.array(z.string().meta({ pattern: "[^,\\s]" }))])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(",")).map((item) => item.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(ZChainSlug).min(1, "must name at least one chain"));

/** `?chains=`: only these chains (the uncommon report, the indexing status). */
export const ZChainsQuery = z.object({
  chains: ZChainList.optional().describe("Only these chains: repeat the parameter or separate with commas"),
});

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

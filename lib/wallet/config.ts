// Wallet settings from the environment, parsed by the shared section reader (lib/config/section.ts): every value has a default,
// a bad value fails at first use with a message naming it. docs/wallet-metrics.md explains each.
import { z } from "zod";
import { envSection, type EnvSource } from "../config/section";

const count = (fallback: number) => z.coerce.number().int("must be a whole number").min(1, "must be at least 1").default(fallback);
const amount = (fallback: number) => z.coerce.number().min(0, "must be at least 0").default(fallback);

const ZWalletEnv = z
  .object({
    WALLET_MODERATE_MIN: count(3).describe("Interactions from which a counterparty is Moderate"),
    WALLET_HIGH_MIN: count(10).describe("Interactions from which a counterparty is High"),
    WALLET_DUST_USD: amount(1).describe("An unsolicited incoming transfer worth less than this (USD) is dust"),
    WALLET_BURST_COUNT: count(5).describe("This many transactions from one counterparty …"),
    WALLET_BURST_MINUTES: amount(10).describe("… within this many minutes are a burst"),
    WALLET_LARGE_USD: amount(5000).describe("An outgoing transfer worth at least this (USD) is large"),
    WALLET_FRESH_HOURS: amount(24).describe("An address first seen less than this many hours before a transfer is fresh"),
    WALLET_PRICE_STALE_HOURS: amount(24).describe("A price quoted longer ago than this is marked stale in an answer's coverage"),
    WALLET_INGEST_CHUNK_BLOCKS: count(2000).describe("The largest block range the JSON-RPC source asks eth_getLogs for and stores per step (halved while the node refuses a range)"),
    WALLET_RPC_NATIVE_BLOCKS: z.coerce.number().int("must be a whole number").min(0, "must be at least 0").default(100).describe("The newest blocks of each JSON-RPC read that are scanned whole for native transfers (0: none)"),
    WALLET_REORG_DEPTH: count(64).describe("How far back the JSON-RPC source rolls its cursor when the stored block hash no longer matches (a reorg)"),
    WALLET_CONFIRMATIONS: z.coerce.number().int("must be a whole number").min(0, "must be at least 0").default(12).describe("Blocks behind the head that indexing stops at (reorg safety)"),
    WALLET_SOURCE_TIMEOUT_MS: count(15_000).describe("A request to an explorer or price API is abandoned after this many milliseconds"),
    WALLET_SOURCE_TRIES: count(4).describe("Tries of a rate-limited request to an explorer or price API"),
    WALLET_SOURCE_BACKOFF_MS: count(1000).describe("The first back-off after a rate-limited request (doubled per try)"),
    WALLET_EXPLORER_PAGE_SIZE: count(1000).describe("Records asked per explorer page (offset)"),
    WALLET_EXPLORER_WINDOW: count(10_000).describe("Records an explorer pages through before a new startblock is needed"),
    WALLET_PRICE_HISTORY_DAYS: count(90).describe("Days of daily prices an indexing job fetches"),
    WALLET_REFRESH_MINUTES: count(360).describe("Linked wallets are indexed again after this many minutes"),
    WALLET_REFRESH_SWEEP_MINUTES: count(10).describe("How often the scheduled refresh looks for linked wallets due for indexing"),
    WALLET_REFRESH_BATCH: count(50).describe("Indexing jobs one scheduled refresh queues at most"),
  })
  .refine((value) => value.WALLET_HIGH_MIN > value.WALLET_MODERATE_MIN, {
    message: "WALLET_HIGH_MIN must be greater than WALLET_MODERATE_MIN",
    path: ["WALLET_HIGH_MIN"],
  });

export type TWalletEnv = z.infer<typeof ZWalletEnv>;

/** The thresholds the metrics engine takes (pure functions get them as an argument). */
export type MetricsThresholds = {
  moderateMin: number;
  highMin: number;
  dustUsd: number;
  burstCount: number;
  burstWindowMs: number;
  largeUsd: number;
  freshWindowMs: number;
  priceStaleHours: number;
};

const section = envSection("wallet configuration", ZWalletEnv);

export const readWalletEnv = (source: EnvSource = process.env): TWalletEnv => section.read(source);

export const thresholdsOf = (config: TWalletEnv): MetricsThresholds => ({
  moderateMin: config.WALLET_MODERATE_MIN,
  highMin: config.WALLET_HIGH_MIN,
  dustUsd: config.WALLET_DUST_USD,
  burstCount: config.WALLET_BURST_COUNT,
  burstWindowMs: config.WALLET_BURST_MINUTES * 60_000,
  largeUsd: config.WALLET_LARGE_USD,
  freshWindowMs: config.WALLET_FRESH_HOURS * 3_600_000,
  priceStaleHours: config.WALLET_PRICE_STALE_HOURS,
});

/** The defaults (tests and documentation examples). */
export const DEFAULT_THRESHOLDS: MetricsThresholds = thresholdsOf(readWalletEnv({}));

export const walletEnv = (): TWalletEnv => section.get();
export const resetWalletEnv = () => section.reset();

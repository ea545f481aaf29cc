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
    WALLET_INGEST_CHUNK_BLOCKS: count(500).describe("Blocks the ingester reads and stores per step"),
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

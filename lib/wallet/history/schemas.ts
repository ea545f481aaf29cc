// Schemas of GET /api/wallets/{address}/balance-history. Client-safe.
import { z } from "zod";
import { ZChainList, ZCoverage } from "../schemas";
import { ZIsoTime } from "../transactions/schemas";

export const HISTORY_MAX_DAYS = 366;

export const ZBalanceHistoryQuery = z
  .object({
    chains: ZChainList.optional().describe("Only these chains: repeat the parameter or separate with commas"),
    since: ZIsoTime.optional().describe("First day (ISO 8601; default: 29 days before until, so 30 days counting both ends)"),
    until: ZIsoTime.optional().describe("Last day (ISO 8601; default: today)"),
  })
  .refine((query) => !(query.since instanceof Date) || !(query.until instanceof Date) || query.since.getTime() <= query.until.getTime(), { message: "must not be before since", path: ["until"] });
export type TBalanceHistoryQuery = z.output<typeof ZBalanceHistoryQuery>;

export const ZBalanceHistory = z.object({
  wallet_address: z.string(),
  currency: z.literal("USD"),
  interval: z.literal("day"),
  points: z.array(
    z.object({
      date: z.string().describe("UTC day, YYYY-MM-DD"),
      at: z.string().describe("End of that day (now, for today): when balances and prices are taken"),
      valueUsd: z.number().describe("Σ balance × latest price quoted by then, cents"),
      unpriced: z.number().int().describe("Tokens held then without a price by then (or spam), left out"),
    }),
  ),
  coverage: ZCoverage,
});
export type TBalanceHistory = z.infer<typeof ZBalanceHistory>;

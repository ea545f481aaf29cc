// Schemas of GET /api/wallets/{address}/transactions (JSON and CSV). Client-safe: the wallet
// page's transactions table builds its query with these.
import { z } from "zod";
import { ZPageQuery } from "../../core/paging";
import { ZChainList, ZWalletAddress } from "../schemas";

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A date (2026-06-01, midnight UTC) or a date-time with a zone (2026-06-01T12:00:00Z). */
export const ZIsoTime = z
  .string()
  .trim()
  .max(40, "must be at most 40 characters")
  .regex(ISO_TIME, "must be an ISO 8601 date (2026-06-01) or date-time with a zone (2026-06-01T12:00:00Z)")
  // The document: a real date or date-time (JSON Schema's formats), which is what the checks below ask.
  .meta({ anyOf: [{ format: "date" }, { format: "date-time" }] })
  .transform((value, context) => {
    const time = new Date(value);
    const [year, month, day] = value.slice(0, 10).split("-").map(Number);
    // Date() rolls 2026-02-30 over to March; a calendar date must exist as written.
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (Number.isNaN(time.getTime()) || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
      context.addIssue({ code: "custom", message: "is not a real date" });
    }
    return time;
  });

export const TRANSACTION_DIRECTIONS = ["in", "out", "self"] as const;
export const EXPORT_FORMATS = ["json", "csv"] as const;

export const ZTransactionsQuery = ZPageQuery.extend({
  chains: ZChainList.optional().describe("Only these chains: repeat the parameter or separate with commas"),
  direction: z.enum(TRANSACTION_DIRECTIONS).optional().describe("in: received from another address; out: sent to another address; self: to itself"),
  counterparty: ZWalletAddress.optional().describe("Only transfers with this address"),
  token: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .optional()
    .describe('A token symbol (any case, the native symbol too), a contract address, or "native"'),
  since: ZIsoTime.optional().describe("Only transfers at or after this time (ISO 8601)"),
  until: ZIsoTime.optional().describe("Only transfers before this time (ISO 8601)"),
  format: z.enum(EXPORT_FORMATS).optional().describe("csv: the same page as text/csv (also chosen by Accept: text/csv); default json"),
}).refine((query) => !(query.since instanceof Date) || !(query.until instanceof Date) || query.since.getTime() < query.until.getTime(), { message: "must be later than since", path: ["until"] });
export type TTransactionsQuery = z.output<typeof ZTransactionsQuery>;

export const ZTransactionFlag = z.object({
  address: z.string().describe("The flagged address: the counterparty or the token contract"),
  code: z.string().describe("The heuristic, as in GET /api/wallets/{address}/uncommon"),
  detail: z.string(),
});

export const ZWalletTransaction = z.object({
  id: z.string(),
  chain: z.string(),
  txHash: z.string(),
  logIndex: z.number().int().describe("-1 for the transaction's own value, else the log index"),
  blockNumber: z.string().describe("Decimal"),
  timestamp: z.string().describe("ISO 8601"),
  direction: z.enum(TRANSACTION_DIRECTIONS),
  from: z.string(),
  to: z.string(),
  counterparty: z.string().nullable().describe("The other side (null for a transfer to itself)"),
  counterpartyLabel: z.string().nullable().describe("Your label for the counterparty (address book), else its stored label"),
  kind: z.enum(["native", "erc20", "erc721"]),
  tokenAddress: z.string().describe('Contract, or "native"'),
  symbol: z.string(),
  tokenId: z.string().nullable(),
  amount: z.string().describe("Raw integer amount in the token's smallest unit"),
  units: z.string().nullable().describe("Amount in whole tokens (null when the token's decimals are unknown)"),
  valueUsd: z.number().nullable().describe("Value at the price in effect at the transfer's time, USD cents (null when unpriced)"),
  uncommon: z.boolean().describe("The counterparty or the token contract is flagged"),
  flags: z.array(ZTransactionFlag).describe("Why: the uncommon-address reasons of the counterparty and the token contract"),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

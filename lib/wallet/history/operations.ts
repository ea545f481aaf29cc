// API operations of the balance history (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { EXAMPLE_COVERAGE_UNPRICED, EXAMPLE_WALLET } from "../examples";
import { ZWalletAddressParams } from "../schemas";
import type { TBalanceHistory } from "./schemas";
import { ZBalanceHistory, ZBalanceHistoryQuery } from "./schemas";

// The document's example: three days of one wallet's value, asked at 09:30 UTC on the last of them.
const WALLET = EXAMPLE_WALLET;
const COVERAGE = EXAMPLE_COVERAGE_UNPRICED;
const HISTORY_EXAMPLE: TBalanceHistory = {
  wallet_address: WALLET,
  currency: "USD",
  interval: "day",
  points: [
    { date: "2026-10-30", at: "2026-10-30T23:59:59.999Z", valueUsd: 9870.4, unpriced: 0 },
    { date: "2026-10-31", at: "2026-10-31T23:59:59.999Z", valueUsd: 10215.75, unpriced: 0 },
    { date: "2026-11-01", at: "2026-11-01T09:30:00.000Z", valueUsd: 10510, unpriced: 0 },
  ],
  coverage: COVERAGE,
};

export const balanceHistoryOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/balance-history",
  operationId: "getWalletBalanceHistory",
  summary: "The wallet's USD value at the end of each day, from its holdings walked back through its transfers and daily prices",
  description:
    "Starts from the wallet's current holdings and walks back through its stored native and ERC-20 transfers, undoing those made after each day's end, then values each balance at the latest price quoted by then (a token without a price by then is counted in `unpriced`; NFTs are not valued). The range defaults to the 30 days up to today; `since` must not be in the future, `until` not before `since` (a later `until` is now), and a request covers at most 366 days. Gas fees are not stored, so days before later outgoing transactions are understated by the fees paid since; a wallet with nothing stored has 0 every day, and its `coverage` says so.",
  example: { params: { address: WALLET }, query: { since: "2026-10-30", until: "2026-11-01" }, response: HISTORY_EXAMPLE },
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZBalanceHistoryQuery,
  responses: { 200: { description: "One point per UTC day, oldest first, with the coverage of the data behind it", schema: ZBalanceHistory } },
  errors: { 400: "Invalid address, unknown chain, a bad date, until before since, since in the future, or a range over 366 days" },
});

// API operations of the balance history (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZBalanceHistory, ZBalanceHistoryQuery } from "./schemas";

export const balanceHistoryOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/balance-history",
  operationId: "getWalletBalanceHistory",
  summary: "The wallet's USD value at the end of each day, from its holdings walked back through its transfers and daily prices",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZBalanceHistoryQuery,
  responses: { 200: { description: "One point per UTC day, oldest first, with the coverage of the data behind it", schema: ZBalanceHistory } },
  errors: { 400: "Invalid address, unknown chain, a bad date, until before since, since in the future, or a range over 366 days" },
});

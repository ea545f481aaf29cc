// API operations of a wallet's transactions (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZTransactionsQuery, ZWalletTransaction } from "./schemas";

export const listWalletTransactionsOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/transactions",
  operationId: "listWalletTransactions",
  summary: "A wallet's transfers, newest first: filtered by chain, direction, counterparty, token and time, with labels and uncommon flags; as JSON or CSV",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZTransactionsQuery,
  paged: true,
  responses: {
    200: {
      description: "One page of transfers (one row per transfer; a swap's legs share a txHash). ?format=csv or Accept: text/csv gives the same page as CSV",
      schema: z.array(ZWalletTransaction),
      alternatives: { "text/csv": "The same page as RFC 4180 CSV with a header row (columns as the JSON fields; flags as code:address pairs)" },
    },
  },
  errors: { 400: "Invalid address, unknown chain, bad direction, counterparty, time or cursor, limit outside 1–1000, or until not after since" },
});

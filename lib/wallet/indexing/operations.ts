// API operations of indexing (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZChainsQuery, ZWalletAddressParams } from "../schemas";
import { ZWalletIndexing } from "./schemas";

export const getWalletIndexingOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/indexing",
  operationId: "getWalletIndexing",
  summary: "How far the wallet is indexed per chain, and its background indexing jobs with their progress (poll while active)",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZChainsQuery,
  responses: { 200: { description: "Per chain the indexing status and source; the latest job per chain", schema: ZWalletIndexing } },
  errors: { 400: "Invalid address or unknown chain" },
});

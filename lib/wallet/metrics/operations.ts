// API operations of a wallet's metrics and its uncommon addresses (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZMetricsBody, ZUncommonQuery, ZUncommonReport, ZWalletMetricsResult } from "./schemas";

export const walletMetricsOperation = defineOperation({
  method: "POST",
  path: "/api/metrics",
  operationId: "getWalletMetrics",
  summary: "Wallet metrics: balance, positions, transactions, counterparties, NFTs, uncommon addresses",
  tags: ["Wallet"],
  access: "credential",
  agentRoles: "any",
  body: ZMetricsBody,
  responses: { 200: { description: "The wallet's metrics and what they cover (a wallet with nothing stored is answered with zeros and coverage status \"not-indexed\")", schema: ZWalletMetricsResult } },
  errors: { 400: "Invalid address, unknown chain (the known ones are listed), unknown token in tokenMap, or no wallet given and none linked" },
});

export const walletUncommonOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/uncommon",
  operationId: "getWalletUncommonAddresses",
  summary: "The uncommon addresses of a wallet with the reasons each was flagged",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZUncommonQuery,
  responses: { 200: { description: "Flagged addresses (uncommonAddressesInTx of POST /api/metrics) with reasons", schema: ZUncommonReport } },
  errors: { 400: "Invalid address or unknown chain" },
});

// Wallet operations: endpoint 1 of the contract (POST /api/metrics) and its additions (linked
// wallets, reasons behind uncommon addresses, the admin import).
import { z } from "zod";
import { defineOperation } from "../http/operation";
import { IMPORT_MAX_BYTES, ZImportBody, ZImportResult } from "./import-schema";
import {
  ZLinkWalletBody,
  ZMetricsBody,
  ZUncommonQuery,
  ZUncommonReport,
  ZUpdateWalletLinkBody,
  ZWalletAddressParams,
  ZWalletLink,
  ZWalletMetricsResult,
} from "./schemas";

export const walletMetricsOperation = defineOperation({
  method: "POST",
  path: "/api/metrics",
  operationId: "getWalletMetrics",
  summary: "Wallet metrics: balance, positions, transactions, counterparties, NFTs, uncommon addresses",
  tags: ["Wallet"],
  access: "credential",
  body: ZMetricsBody,
  responses: { 200: { description: "The wallet's metrics (zeros and empty lists for a wallet without data)", schema: ZWalletMetricsResult } },
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

export const listWalletLinksOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/links",
  operationId: "listWalletLinks",
  summary: "The caller's linked wallets",
  tags: ["Wallet"],
  access: "credential",
  responses: { 200: { description: "Linked wallets, the default first", schema: z.array(ZWalletLink) } },
});

export const linkWalletOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/links",
  operationId: "linkWallet",
  summary: "Link a wallet address to the caller (the first linked becomes the default)",
  tags: ["Wallet"],
  access: "credential",
  body: ZLinkWalletBody,
  responses: { 201: { description: "The link", schema: ZWalletLink } },
  errors: { 409: "The caller has already linked that address" },
});

export const updateWalletLinkOperation = defineOperation({
  method: "PATCH",
  path: "/api/wallets/links/{address}",
  operationId: "updateWalletLink",
  summary: "Relabel a linked wallet or make it the default",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  body: ZUpdateWalletLinkBody,
  responses: { 200: { description: "The updated link", schema: ZWalletLink } },
  errors: { 404: "The caller has not linked that address" },
});

export const unlinkWalletOperation = defineOperation({
  method: "DELETE",
  path: "/api/wallets/links/{address}",
  operationId: "unlinkWallet",
  summary: "Unlink a wallet (if it was the default, the oldest remaining link becomes the default)",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  responses: { 204: { description: "Unlinked" } },
  errors: { 404: "The caller has not linked that address" },
});

export const importWalletDataOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/import",
  operationId: "importWalletData",
  summary: "Import wallet facts (chains, tokens, prices, transfers, holdings, NFTs, address facts): all or nothing, idempotent",
  tags: ["Wallet"],
  access: "admin",
  body: ZImportBody,
  maxBodyBytes: IMPORT_MAX_BYTES,
  responses: { 200: { description: "What was written", schema: ZImportResult } },
  errors: { 400: "A row breaks the schema or names an unknown chain (nothing is stored)", 409: "A row conflicts with stored data, e.g. a chain id another chain has (nothing is stored)", 413: "Body over 10 MiB" },
});

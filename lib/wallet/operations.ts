// Wallet operations: POST /api/metrics and its additions (linked
// wallets, reasons behind uncommon addresses, the admin import).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZTransactionsQuery, ZWalletTransaction } from "./transaction-schemas";
import { ZCheckRecipientBody, ZRecipientCheckResult } from "./recipient-schemas";
import { ZBalanceHistory, ZBalanceHistoryQuery } from "./history-schemas";
import { ZApprovalsQuery, ZWalletApprovals } from "./approval-schemas";
import { ZAddressBookBody, ZAddressBookEntry, ZAddressBookParams, ZAddressBookQuery } from "./address-book-schemas";
import { IMPORT_MAX_BYTES, ZImportBody, ZImportResult } from "./import-schema";
import {
  ZLinkWalletBody,
  ZMetricsBody,
  ZUncommonQuery,
  ZUncommonReport,
  ZUpdateWalletLinkBody,
  ZWalletAddressParams,
  ZWalletLink,
  ZWalletIndexing,
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

export const checkRecipientOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/{address}/check-recipient",
  operationId: "checkWalletRecipient",
  summary: "Before sending: is this recipient known to the wallet, a look-alike of a known address, fresh, or flagged — and why",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  body: ZCheckRecipientBody,
  responses: { 200: { description: "The verdict and its reasons, from the wallet's own stored history", schema: ZRecipientCheckResult } },
  errors: { 400: "Invalid wallet or recipient address, or an unknown chain (the known ones are listed)" },
});

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

export const listWalletApprovalsOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/approvals",
  operationId: "listWalletApprovals",
  summary: "The wallet's current token approvals (ERC-20 allowances and ApprovalForAll) with spender labels, value at risk and uncommon spenders",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZApprovalsQuery,
  responses: { 200: { description: "Current approvals, largest value at risk first", schema: ZWalletApprovals } },
  errors: { 400: "Invalid address or unknown chain" },
});

export const listAddressBookOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/address-book",
  operationId: "listAddressBook",
  summary: "The caller's address book: labels and trusted addresses (paged, oldest first)",
  tags: ["Wallet"],
  access: "credential",
  query: ZAddressBookQuery,
  paged: true,
  responses: { 200: { description: "One page of the caller's entries", schema: z.array(ZAddressBookEntry) } },
});

export const putAddressBookEntryOperation = defineOperation({
  method: "PUT",
  path: "/api/wallets/address-book/{address}",
  operationId: "putAddressBookEntry",
  summary: "Label an address and/or trust it (creates or replaces the caller's entry)",
  tags: ["Wallet"],
  access: "credential",
  params: ZAddressBookParams,
  body: ZAddressBookBody,
  responses: { 200: { description: "The replaced entry", schema: ZAddressBookEntry }, 201: { description: "The new entry", schema: ZAddressBookEntry } },
  errors: { 400: "Invalid address, a label that is empty or over 100 characters, or neither a label nor trusted: true" },
});

export const deleteAddressBookEntryOperation = defineOperation({
  method: "DELETE",
  path: "/api/wallets/address-book/{address}",
  operationId: "deleteAddressBookEntry",
  summary: "Remove an address from the caller's address book",
  tags: ["Wallet"],
  access: "credential",
  params: ZAddressBookParams,
  responses: { 204: { description: "Removed" } },
  errors: { 404: "The address is not in the caller's address book" },
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

export const getWalletIndexingOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/indexing",
  operationId: "getWalletIndexing",
  summary: "How far the wallet is indexed per chain, and its background indexing jobs with their progress (poll while active)",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZUncommonQuery,
  responses: { 200: { description: "Per chain the indexing status and source; the latest job per chain", schema: ZWalletIndexing } },
  errors: { 400: "Invalid address or unknown chain" },
});

// API operations of the recipient check (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import type { TCheckRecipientBody, TRecipientCheckResult } from "./schemas";
import { ZCheckRecipientBody, ZRecipientCheckResult } from "./schemas";
import { EXAMPLE_WALLET } from "../examples";

// The document's example: before sending, the wallet's owner checks an address copied from its history,
// a look-alike of the exchange deposit address they trust.
const WALLET = EXAMPLE_WALLET;
const TRUSTED = "0xcda4b7e2d1f0a9c8b7e6d5c4b3a2918273e6bf50";
const POISON = "0xcda4b7e2d13e99c8b7e6d5c4b0f1918273e6bf50";
const CHECK_BODY_EXAMPLE: TCheckRecipientBody = { to: POISON, chains: ["eth-mainnet"] };
const CHECK_EXAMPLE: TRecipientCheckResult = {
  wallet_address: WALLET,
  to: POISON,
  toLabel: null,
  verdict: "lookalike",
  severity: "danger",
  reasons: [
    {
      code: "lookalike",
      detail: `Looks like Kraken deposit (${TRUSTED}), an address you trust, but differs in 6 of 40 characters: 0xcda4b7e2d1[3e9]9c8b7e6d5c4b[0f1]918273e6bf50.`,
    },
    { code: "zero-value", detail: "1 zero-value transfer (USDC) with the wallet that the wallet did not initiate." },
  ],
  counterparty: { transactionCount: 1, chains: ["eth-mainnet"], firstAt: "2026-10-31T22:14:35.000Z", lastAt: "2026-10-31T22:14:35.000Z", paidByWallet: false },
  lookalikeOf: [
    {
      address: TRUSTED,
      label: "Kraken deposit",
      anchor: "trusted",
      transactionCount: 6,
      differences: [
        { index: 12, expected: "f", actual: "3" },
        { index: 13, expected: "0", actual: "e" },
        { index: 14, expected: "a", actual: "9" },
        { index: 27, expected: "3", actual: "0" },
        { index: 28, expected: "a", actual: "f" },
        { index: 29, expected: "2", actual: "1" },
      ],
      marked: "0xcda4b7e2d1[3e9]9c8b7e6d5c4b[0f1]918273e6bf50",
    },
  ],
  coverage: {
    status: "indexed",
    detail: "Indexed on eth-mainnet. 0 prices used.",
    chains: [{ chain: "eth-mainnet", status: "indexed", source: "explorer", lastIndexedBlock: "26141870", lastIndexedAt: "2026-11-01T09:12:40.000Z", transfers: 318, holdings: 2, nfts: 1 }],
    prices: { oldestAsOf: null, newestAsOf: null, staleAfterHours: 24, used: [] },
    excluded: [],
    indexing: [
      { chain: "eth-mainnet", jobId: "cmhfz8w1k0002l708c3n5t6yb", status: "DONE", progress: { stage: "done", records: 412, fromBlock: "0", toBlock: "26141870" }, error: null, updatedAt: "2026-11-01T09:12:40.000Z" },
    ],
  },
};

export const checkRecipientOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/{address}/check-recipient",
  operationId: "checkWalletRecipient",
  summary: "Before sending: is this recipient known to the wallet, a look-alike of a known address, fresh, or flagged — and why",
  description:
    "Judges `to` by the wallet's own stored history (on `chains`, default all) and your address book, and answers the most serious verdict that applies: `flagged` (on the flag list), `lookalike` (same first and last 4 hex characters as a counterparty in good standing or an address you trust, but another address), `flagged` by the uncommon-address heuristics, `known`, or `fresh` (never seen: confirm it through another channel). `severity` is ok for known, caution for fresh and danger otherwise; `reasons` lists every finding, and `lookalikeOf` marks where the address differs from each one it imitates. Nothing is stored; for a wallet with nothing stored every address is `fresh`, and background indexing starts where a data source is configured.",
  example: { params: { address: WALLET }, body: CHECK_BODY_EXAMPLE, response: CHECK_EXAMPLE },
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Defender"],
  params: ZWalletAddressParams,
  body: ZCheckRecipientBody,
  responses: { 200: { description: "The verdict and its reasons, from the wallet's own stored history", schema: ZRecipientCheckResult } },
  errors: { 400: "Invalid wallet or recipient address, or an unknown chain (the known ones are listed)" },
});

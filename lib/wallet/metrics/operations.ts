// API operations of a wallet's metrics and its uncommon addresses (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { EXAMPLE_COVERAGE, EXAMPLE_WALLET } from "../examples";
import type { TMetricsBody, TUncommonReport, TWalletMetricsResult } from "./schemas";
import { ZMetricsBody, ZUncommonQuery, ZUncommonReport, ZWalletMetricsResult } from "./schemas";

// The document's examples: one wallet with ETH on eth-mainnet and base-mainnet and a little USDC; a
// look-alike of the exchange address it trusts poisoned its history, and a dust sender pinged it.
const WALLET = EXAMPLE_WALLET;
const COVERAGE = EXAMPLE_COVERAGE;
const ROUTER = "0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad";
const TRUSTED = "0xcda4b7e2d1f0a9c8b7e6d5c4b3a2918273e6bf50";
const POISON = "0xcda4b7e2d13e99c8b7e6d5c4b0f1918273e6bf50";
const DUSTER = "0x4f3a9b2c1d0e8f7a6b5c4d3e2f1a0b9c8d7e6f5a";
const METRICS_BODY_EXAMPLE: TMetricsBody = { wallet_address: WALLET };
const METRICS_EXAMPLE: TWalletMetricsResult = {
  wallet_address: WALLET,
  user_uid: "3f6c2a8e-5b1d-4e7a-9c02-8d4b6f1e2a90",
  financialMetrics: {
    balance: 10510,
    positions: {
      "ETH (eth-mainnet)": { value: 9000, percentage: 85.63 },
      "ETH (base-mainnet)": { value: 1500, percentage: 14.27 },
      "USDC (eth-mainnet)": { value: 10, percentage: 0.1 },
    },
    totalTransactions: 236,
    transactionsByChain: { "eth-mainnet": 181, "base-mainnet": 55 },
    transactionsByLayer: { Layer1: 181, Layer2: 55 },
    interactingWallets: 56,
    mostActiveWallet: { address: ROUTER, transactionCount: 41 },
    behaviorOverview: { overview: { Low: 38, Moderate: 12, High: 4, Uncommon: 2 }, markedUncommonWallets: [DUSTER, POISON], totalUncommon: 2 },
    nftSummary: { nftCount: 1, nftValueEst: 412.5 },
    uncommonAddressesInTx: [DUSTER, POISON],
  },
  coverage: COVERAGE,
  labels: { [ROUTER]: "Uniswap: Universal Router" },
};
const UNCOMMON_EXAMPLE: TUncommonReport = {
  wallet_address: WALLET,
  flagListVersion: "2026-11-01",
  coverage: COVERAGE,
  addresses: [
    {
      address: DUSTER,
      label: null,
      counterparty: true,
      transactionCount: 1,
      reasons: [
        {
          code: "dust",
          detail: "1 unsolicited transfer to the wallet worth less than $1.00: 0.0001 ETH (≈ $0.30).",
          count: 1,
          chains: ["base-mainnet"],
          examples: ["0xcc3fc1626e53a13043b026c48bbf33feff9243a8f506b40928b5b7a767c76fb0"],
        },
      ],
    },
    {
      address: POISON,
      label: null,
      counterparty: true,
      transactionCount: 1,
      reasons: [
        {
          code: "lookalike",
          detail: `Address-poisoning look-alike: looks like ${TRUSTED}, an address you trust (same first 4 and last 4 hex characters, different address).`,
          count: 1,
          chains: ["eth-mainnet"],
          examples: ["0xa4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd1"],
        },
        {
          code: "zero-value",
          detail: "1 zero-value transfer (USDC) with the wallet that the wallet did not initiate.",
          count: 1,
          chains: ["eth-mainnet"],
          examples: ["0xa4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd1"],
        },
      ],
    },
  ],
};

export const walletMetricsOperation = defineOperation({
  method: "POST",
  path: "/api/metrics",
  operationId: "getWalletMetrics",
  summary: "Wallet metrics: balance, positions, transactions, counterparties, NFTs, uncommon addresses",
  description:
    "Computes every figure from the wallet's stored transfers, holdings, NFTs and prices, never from a live chain: the balance is the sum of the reported positions, each counterparty falls in exactly one class of `behaviorOverview`, and `coverage` says what the stored facts cover. Without `wallet_address` the caller's default linked wallet is used (with none linked the call is refused); `chains` and `tokenMap` must name known chains and tokens. Your address book applies: its labels fill `labels`, and trusted addresses anchor look-alike detection. A chain in scope with nothing stored for the wallet and a data source configured gets a background indexing job (listed in `coverage.indexing`; at most `WALLET_INDEX_JOBS_ACTIVE_MAX`, default 20, active per user); `GET /api/wallets/{address}/uncommon` explains each uncommon address.",
  example: { body: METRICS_BODY_EXAMPLE, response: METRICS_EXAMPLE },
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
  description:
    "Every address of `uncommonAddressesInTx` with each heuristic that flagged it (flag list, look-alike, zero-value, dust, spam token, burst, fresh large payment): a sentence that can be checked against the transfers, how many transfers support it, on which chains, and up to three example transaction hashes. Computed like `POST /api/metrics` over the same stored facts, with your address book applied (your labels, and trusted addresses anchoring look-alikes and silencing their dust and spam). Like the metrics, it starts background indexing of a wallet with nothing stored where a data source is configured.",
  example: { params: { address: WALLET }, response: UNCOMMON_EXAMPLE },
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZUncommonQuery,
  responses: { 200: { description: "Flagged addresses (uncommonAddressesInTx of POST /api/metrics) with reasons", schema: ZUncommonReport } },
  errors: { 400: "Invalid address or unknown chain" },
});

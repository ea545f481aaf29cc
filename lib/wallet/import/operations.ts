// API operations of the admin import (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import type { z } from "zod";
import { defineOperation } from "../../core/operation";
import type { TImportResult } from "./schemas";
import { IMPORT_MAX_BYTES, ZImportBody, ZImportResult } from "./schemas";

// The document's example: a small file for one (cold) wallet on base-mainnet: USDC's metadata and a price,
// a deposit of ETH and one of USDC, the USDC balance now, and what the sender is.
const WALLET = "0x558e08baa7196b50ac2f86702824c1c099724caf";
const BASE_USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const SENDER = "0x4941d4072014b3ce107f80e222f828767efc2f91";
const IMPORT_BODY_EXAMPLE: z.input<typeof ZImportBody> = {
  tokens: [{ chain: "base-mainnet", address: BASE_USDC, symbol: "USDC", name: "USD Coin", decimals: 6 }],
  prices: [{ chain: "base-mainnet", tokenAddress: BASE_USDC, priceUsd: 1, asOf: "2026-10-30T00:00:00.000Z" }],
  transfers: [
    {
      chain: "base-mainnet",
      txHash: "0xd6ba2b0aee0ca923732881584d8c4fa2815d2802827283e0ad84173581569969",
      logIndex: -1,
      blockNumber: "52364118",
      timestamp: "2026-10-30T17:42:11.000Z",
      fromAddress: SENDER,
      toAddress: WALLET,
      kind: "native",
      tokenAddress: "native",
      amount: "250000000000000000",
      txFrom: SENDER,
    },
    {
      chain: "base-mainnet",
      txHash: "0x5f0e7c2b9a14d3e86f21c4a09b7d5e3f18a6c2d4e9b0f7a3c5d81e6b2f4a9c07",
      logIndex: 7,
      blockNumber: "52364290",
      timestamp: "2026-10-30T17:47:55.000Z",
      fromAddress: SENDER,
      toAddress: WALLET,
      kind: "erc20",
      tokenAddress: BASE_USDC,
      amount: "500000000",
      txFrom: SENDER,
    },
  ],
  holdings: [{ walletAddress: WALLET, chain: "base-mainnet", tokenAddress: BASE_USDC, balance: "500000000" }],
  addressInfo: [{ chain: "base-mainnet", address: SENDER, isContract: false, firstSeenAt: "2026-03-18T10:04:55.000Z" }],
};
const IMPORT_EXAMPLE: TImportResult = {
  chains: 0,
  tokens: 1,
  prices: { received: 1, stored: 1 },
  transfers: { received: 2, stored: 2 },
  holdings: 1,
  nfts: 0,
  addressInfo: 1,
  approvals: { received: 0, stored: 0 },
};

export const importWalletDataOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/import",
  operationId: "importWalletData",
  summary: "Import wallet facts (chains, tokens, prices, transfers, holdings, NFTs, address facts): all or nothing, idempotent",
  description:
    "Takes the facts as the database names them (only `transfers` is required): every row is validated first (two rows with one natural key in a body are refused) and every row's chain must be known or added under `chains` in the same body, then everything is written in one transaction, so a bad row or a conflict stores nothing. Transfers, prices and approvals that exist are kept and counted as received but not stored; tokens, holdings, NFTs, address facts and chains are replaced by their keys, so importing the same file twice stores nothing twice. Imports run one at a time, take bodies of up to 10 MiB and at most 200,000 rows per part, and the imported facts count in every wallet answer from then on.",
  example: { body: IMPORT_BODY_EXAMPLE, response: IMPORT_EXAMPLE },
  tags: ["Wallet"],
  access: "admin",
  body: ZImportBody,
  maxBodyBytes: IMPORT_MAX_BYTES,
  responses: { 200: { description: "What was written", schema: ZImportResult } },
  errors: { 400: "A row breaks the schema or names an unknown chain (nothing is stored)", 409: "A row conflicts with stored data, e.g. a chain id another chain has (nothing is stored)", 413: "Body over 10 MiB" },
});

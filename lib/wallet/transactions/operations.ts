// API operations of a wallet's transactions (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import type { TWalletTransaction } from "./schemas";
import { ZTransactionsQuery, ZWalletTransaction } from "./schemas";
import { EXAMPLE_WALLET } from "../examples";

// The document's example: a wallet's two latest outgoing transfers on eth-mainnet: a deposit to the
// exchange address it trusts, then the zero-value USDC transfer a look-alike of it made from the wallet.
const WALLET = EXAMPLE_WALLET;
const TRUSTED = "0xcda4b7e2d1f0a9c8b7e6d5c4b3a2918273e6bf50";
const POISON = "0xcda4b7e2d13e99c8b7e6d5c4b0f1918273e6bf50";
const TRANSACTIONS_EXAMPLE: TWalletTransaction[] = [
  {
    id: "cmhf2x7r40013l908b6t1k9qe",
    chain: "eth-mainnet",
    txHash: "0xa4c123b1612dd272d1371c17149d439536b3216fdaeeb975729fae923d5a4fd1",
    logIndex: 211,
    blockNumber: "26139904",
    timestamp: "2026-10-31T22:14:35.000Z",
    direction: "out",
    from: WALLET,
    to: POISON,
    counterparty: POISON,
    counterpartyLabel: null,
    kind: "erc20",
    tokenAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    symbol: "USDC",
    tokenId: null,
    amount: "0",
    units: "0",
    valueUsd: 0,
    uncommon: true,
    flags: [
      { address: POISON, code: "lookalike", detail: `Address-poisoning look-alike: looks like ${TRUSTED}, an address you trust (same first 4 and last 4 hex characters, different address).` },
      { address: POISON, code: "zero-value", detail: "1 zero-value transfer (USDC) with the wallet that the wallet did not initiate." },
    ],
  },
  {
    id: "cmhf2rq9d000zl908w3e5m2ya",
    chain: "eth-mainnet",
    txHash: "0x2aabfe228f219e9cb0eb53f16947ccf25ec84d8dbc74254770f58904dba41ecc",
    logIndex: -1,
    blockNumber: "26139823",
    timestamp: "2026-10-31T21:58:11.000Z",
    direction: "out",
    from: WALLET,
    to: TRUSTED,
    counterparty: TRUSTED,
    counterpartyLabel: "Kraken deposit",
    kind: "native",
    tokenAddress: "native",
    symbol: "ETH",
    tokenId: null,
    amount: "500000000000000000",
    units: "0.5",
    valueUsd: 1500,
    uncommon: false,
    flags: [],
  },
];

export const listWalletTransactionsOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/transactions",
  operationId: "listWalletTransactions",
  summary: "A wallet's transfers, newest first: filtered by chain, direction, counterparty, token and time, with labels and uncommon flags; as JSON or CSV",
  description:
    "One row per stored transfer the wallet sent or received, newest first: a transaction's own value and each token transfer in its logs are separate rows sharing a `txHash`. Filters combine: `token` takes a contract, `native` or a symbol in any case (a symbol no stored token has gives an empty page), `since` is inclusive and `until` exclusive and must be later. Each row carries your label for the counterparty (else a stored one), its value at the price in effect at the time, and the uncommon-address reasons of its counterparty and token contract, computed over the same chains. The `Link` header names the next page and `X-Total-Count` the size of the whole filtered list; `?format=csv` (or `Accept: text/csv`) gives the same page as CSV.",
  example: { params: { address: WALLET }, query: { chains: "eth-mainnet", direction: "out", limit: "2" }, response: TRANSACTIONS_EXAMPLE },
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

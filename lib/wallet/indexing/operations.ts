// API operations of indexing (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZChainsQuery, ZWalletAddressParams } from "../schemas";
import type { TWalletIndexing } from "./schemas";
import { ZWalletIndexing } from "./schemas";
import { EXAMPLE_WALLET } from "../examples";

// The document's example: a wallet read from eth-mainnet's explorer, while a job reads arbitrum-mainnet from its JSON-RPC node.
const WALLET = EXAMPLE_WALLET;
const INDEXING_EXAMPLE: TWalletIndexing = {
  wallet_address: WALLET,
  status: "indexed",
  active: true,
  chains: [
    { chain: "eth-mainnet", status: "indexed", source: "explorer", lastIndexedBlock: "26141870", lastIndexedAt: "2026-11-01T09:12:40.000Z", canIndexOnDemand: true, rpcConfigured: false },
    { chain: "arbitrum-mainnet", status: "indexing", source: null, lastIndexedBlock: null, lastIndexedAt: null, canIndexOnDemand: true, rpcConfigured: true },
  ],
  jobs: [
    { chain: "arbitrum-mainnet", jobId: "cmhg7v1p30009l508k2d6s4xf", status: "RUNNING", progress: { stage: "logs", records: 120, fromBlock: "0", toBlock: "398412030" }, error: null, updatedAt: "2026-11-01T09:29:41.000Z" },
    { chain: "eth-mainnet", jobId: "cmhfz8w1k0002l708c3n5t6yb", status: "DONE", progress: { stage: "done", records: 412, fromBlock: "0", toBlock: "26141870" }, error: null, updatedAt: "2026-11-01T09:12:40.000Z" },
  ],
};

export const getWalletIndexingOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/indexing",
  operationId: "getWalletIndexing",
  summary: "How far the wallet is indexed per chain, and its background indexing jobs with their progress (poll while active)",
  description:
    "Per chain: whether anything is stored for the wallet (`indexed`), a job is reading it now (`indexing`) or neither, where the facts came from and how far they reach, and whether a data source is configured so that it can be indexed on demand; `jobs` gives per chain the queued or running job, else the latest one, with its stage and records read. Without `chains` it lists the chains that have data or a data source. Reading it never starts a job: the wallet's other answers do. Poll it (the wallet page does every 1.5 s) while `active` is true, then read the wallet again.",
  example: { params: { address: WALLET }, query: { chains: "eth-mainnet,arbitrum-mainnet" }, response: INDEXING_EXAMPLE },
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZChainsQuery,
  responses: { 200: { description: "Per chain the indexing status and source; the latest job per chain", schema: ZWalletIndexing } },
  errors: { 400: "Invalid address or unknown chain" },
});

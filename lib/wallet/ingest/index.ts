// The JSON-RPC source: a wallet's history read from a chain's node by logs on the wallet's topics
// (`npm run wallet:ingest`, and the indexing jobs of chains without an explorer).
export { ingestWallet, type IngestOptions, type IngestSummary, type IngestStep } from "./ingest-wallet";
export { storeNfts } from "./store-nfts";
export { createRpcClient, rpcUrlFor, rpcEnvName } from "./create-rpc-client";
export type { TransferRow, ApprovalRow } from "./scan-range";

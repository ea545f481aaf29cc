// Indexing: background jobs that read a wallet's history from a chain's explorer or JSON-RPC node,
// started on demand by an answer about the wallet and on a schedule for linked wallets.
export * from "./schemas";
export * from "./operations";
export { WALLET_INDEXING_EVENTS } from "./events";
export { attachIndexing, applyIndexing } from "./attach-indexing";
export { walletIndexJob, enqueueWalletIndexing, walletIndexingJobs, WALLET_INDEX_KIND } from "./wallet-index-job";
export { getWalletIndexing } from "./get-wallet-indexing";
export { walletRefreshJob, refreshLinkedWallets, dueLinkedWallets, WALLET_REFRESH_KIND } from "./refresh-job";

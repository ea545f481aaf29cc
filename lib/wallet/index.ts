// The wallet area's public surface: its sub-areas (metrics, links, address-book, transactions,
// approvals, history, recipient, import, indexing) and the parts they share (the chain catalog, the
// known chains, the flag list, the settings, the metrics rules). docs/conventions.md, "The area template".
export * from "./schemas";
export * from "./metrics";
export * from "./links";
export * from "./address-book";
export * from "./transactions";
export * from "./approvals";
export * from "./history";
export * from "./recipient";
export * from "./import";
export * from "./indexing";
export { CHAIN_REGISTRY, LAYERS, registryChain, type ChainInfo, type ChainLayer } from "./chain-catalog";
export { listKnownChains, type KnownChain } from "./list-known-chains";
export { computeWalletMetrics, type FinancialMetrics, type MetricsReport, type FlaggedAddress } from "./rules/compute";
export { FLAG_LIST } from "./load-flag-list";
export { walletEnv, thresholdsOf, DEFAULT_THRESHOLDS, type MetricsThresholds } from "./config";

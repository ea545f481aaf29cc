// The wallet area's public surface.
export * from "./schemas";
export * from "./operations";
export { ZImportBody, ZImportResult, IMPORT_MAX_BYTES, type TImportBody, type TImportResult } from "./import-schema";
export { CHAIN_REGISTRY, CHAIN_SLUGS, LAYERS, registryChain, type ChainInfo, type ChainLayer } from "./chains";
export { listKnownChains, type KnownChain } from "./known-chains";
export { getWalletMetrics, getUncommonReport, resolveWalletAddress, buildMetricsReport } from "./get-wallet-metrics";
export { listWalletLinks, linkWallet, updateWalletLink, unlinkWallet } from "./wallet-links";
export { importWalletData } from "./import-wallet-data";
export { computeWalletMetrics, type FinancialMetrics, type MetricsReport, type FlaggedAddress } from "./metrics/compute";
export { FLAG_LIST } from "./flag-list";
export { walletEnv, thresholdsOf, DEFAULT_THRESHOLDS, type MetricsThresholds } from "./config";

// A wallet's metrics (POST /api/metrics) and the reasons behind its uncommon addresses, computed
// from the stored facts by the pure rules of lib/wallet/rules.
export * from "./schemas";
export * from "./operations";
export { getWalletMetrics, getUncommonReport, resolveWalletAddress, buildMetricsReport, labelsOf } from "./get-wallet-metrics";

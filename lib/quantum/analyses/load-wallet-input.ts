// The wallet facts the finance model needs, from the wallet metrics engine (lib/wallet): the
// same balance and behaviour overview that POST /api/metrics reports, for the same chains and tokenMap.
import { buildMetricsReport } from "../../wallet";
import type { TCoverage } from "../../wallet/schemas";
import type { WalletModelInput } from "./rules";

/** `userId`: who asks, the owner of an indexing job the report starts (counted in that user's cap). */
export const loadWalletModelInput = async (walletAddress: string, chains?: string[], tokenMap?: Record<string, string>, userId?: string): Promise<WalletModelInput & { coverage: TCoverage }> => {
  const report = await buildMetricsReport({ wallet: walletAddress.toLowerCase(), chains, tokenMap, part: "body", userId });
  const metrics = report.financialMetrics;
  const overview = metrics.behaviorOverview.overview;
  return {
    walletAddress,
    balanceUsd: metrics.balance,
    totalTransactions: metrics.totalTransactions,
    overview: { Low: overview.Low ?? 0, Moderate: overview.Moderate ?? 0, High: overview.High ?? 0, Uncommon: overview.Uncommon ?? 0 },
    indexed: report.coverage.status === "indexed",
    coverage: report.coverage,
  };
};

import { methods, route } from "@/lib/http";
import { getWalletMetrics, walletMetricsOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/metrics – wallet metrics of the body's wallet, or the caller's default linked wallet
  POST: route(walletMetricsOperation, ({ principal, body }) => getWalletMetrics(principal.userId, body)),
});

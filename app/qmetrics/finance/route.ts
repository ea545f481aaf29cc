import { analyzeWalletFinance, walletFinanceOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /qmetrics/finance – a wallet's quantum finance analysis (aer or ibm_quantum)
  POST: route(walletFinanceOperation, ({ body, principal, request }) => analyzeWalletFinance(body, principal.userId, request.signal)),
});

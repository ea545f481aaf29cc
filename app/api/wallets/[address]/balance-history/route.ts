import { methods, route } from "@/lib/http";
import { balanceHistoryOperation, getBalanceHistory } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/{address}/balance-history – the wallet's value at the end of each day
  GET: route(balanceHistoryOperation, async ({ params, query, principal }) => Response.json(await getBalanceHistory(params.address, query, principal.userId))),
});

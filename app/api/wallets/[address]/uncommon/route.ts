import { methods, route } from "@/lib/http";
import { getUncommonReport, walletUncommonOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/{address}/uncommon – the wallet's uncommon addresses with the reasons for each
  GET: route(walletUncommonOperation, ({ principal, params, query }) => getUncommonReport(principal.userId, params.address, query.chains)),
});

import { methods, route } from "@/lib/http";
import { getWalletIndexing, getWalletIndexingOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/{address}/indexing – per chain how far the wallet is indexed, and its indexing jobs
  GET: route(getWalletIndexingOperation, async ({ params, query }) => Response.json(await getWalletIndexing(params.address, query.chains))),
});

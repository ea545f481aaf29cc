import { methods, route } from "@/lib/http";
import { listWalletApprovals, listWalletApprovalsOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/{address}/approvals – current allowances with spender labels, value at risk and uncommon spenders
  GET: route(listWalletApprovalsOperation, async ({ principal, params, query }) => Response.json(await listWalletApprovals(principal.userId, params.address, query))),
});

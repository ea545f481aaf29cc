import { methods, route } from "@/lib/http";
import { checkRecipientOperation, checkWalletRecipient } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/wallets/{address}/check-recipient – verdict on a recipient from the wallet's own history
  POST: route(checkRecipientOperation, async ({ principal, params, body }) => Response.json(await checkWalletRecipient(principal.userId, params.address, body))),
});

import { methods, route } from "@/lib/http";
import { linkWallet, linkWalletOperation, listWalletLinks, listWalletLinksOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/links – the caller's linked wallets, the default first
  GET: route(listWalletLinksOperation, async ({ principal }) => Response.json(await listWalletLinks(principal.userId))),
  // POST /api/wallets/links – link a wallet address to the caller
  POST: route(linkWalletOperation, async ({ principal, body }) => Response.json(await linkWallet(principal.userId, body), { status: 201 })),
});

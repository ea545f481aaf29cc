import { methods, route } from "@/lib/http";
import { linkWallet, linkWalletOperation, listWalletLinks, listWalletLinksOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/links – the caller's linked wallets, the default first
  GET: route(listWalletLinksOperation, ({ principal }) => listWalletLinks(principal.userId)),
  // POST /api/wallets/links – link a wallet address to the caller
  POST: route(linkWalletOperation, ({ principal, body }) => linkWallet(principal.userId, body)),
});

import { methods, route } from "@/lib/http";
import { unlinkWallet, unlinkWalletOperation, updateWalletLink, updateWalletLinkOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PATCH /api/wallets/links/{address} – relabel a linked wallet or make it the default
  PATCH: route(updateWalletLinkOperation, ({ principal, params, body }) => updateWalletLink(principal.userId, params.address, body)),
  // DELETE /api/wallets/links/{address} – unlink a wallet from the caller
  DELETE: route(unlinkWalletOperation, async ({ principal, params }) => {
    await unlinkWallet(principal.userId, params.address);
  }),
});

import { methods, route } from "@/lib/http";
import { importWalletData, importWalletDataOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/wallets/import – store wallet facts from a JSON document, all or nothing
  POST: route(importWalletDataOperation, ({ body }) => importWalletData(body)),
});

import { methods, pagedResponse, route } from "@/lib/http";
import { listAddressBook, listAddressBookOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/wallets/address-book – the caller's labelled and trusted addresses, paged
  GET: route(listAddressBookOperation, async ({ principal, query, url }) => pagedResponse(await listAddressBook(principal.userId, query), url)),
});

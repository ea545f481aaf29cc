import { methods, route } from "@/lib/http";
import { deleteAddressBookEntry, deleteAddressBookEntryOperation, putAddressBookEntry, putAddressBookEntryOperation } from "@/lib/wallet";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/wallets/address-book/{address} – create or replace the caller's label and trust for an address
  PUT: route(putAddressBookEntryOperation, async ({ principal, params, body }) => {
    const { entry, created } = await putAddressBookEntry(principal.userId, params.address, body);
    return Response.json(entry, { status: created ? 201 : 200 });
  }),
  // DELETE /api/wallets/address-book/{address} – forget an address
  DELETE: route(deleteAddressBookEntryOperation, async ({ principal, params }) => {
    await deleteAddressBookEntry(principal.userId, params.address);
    return new Response(null, { status: 204 });
  }),
});

import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { listAddressBook } from "@/lib/wallet";
import { AddressBook } from "@/components/wallet/address-book";

export const metadata: Metadata = { title: "Address book" };
export const dynamic = "force-dynamic";

/** The page shows the first this many entries; the API pages beyond them. */
const SHOWN = 1000;

const AddressBookPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/settings/address-book");
  const page = await listAddressBook(user.userId, { limit: SHOWN });
  return (
    <>
      <div className="page-header">
        <h1>Address book</h1>
        <Link href="/wallet">Wallet</Link>
      </div>
      <p className="muted">
        Your own names for addresses, and which ones you trust. Only you see them. A label shows wherever the wallet page shows the address; a trusted address is
        the genuine one when another address imitates it (same first and last four hex digits).
      </p>
      <AddressBook initial={page.items} total={page.total} shown={SHOWN} />
    </>
  );
};

export default AddressBookPage;

import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { ApiKeys } from "@/components/settings/api-keys";
import { LinkedWallets } from "@/components/wallet/linked-wallets";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

const SettingsPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/settings");
  return (
    <>
      <div className="page-header">
        <h1>Settings</h1>
        <span className="row">
          <Link href="/settings/address-book">Address book</Link>
          {user.role === "admin" || user.role === "operator" ? <Link href="/settings/webhooks">Webhooks</Link> : null}
          {user.role === "admin" || user.role === "operator" ? <Link href="/settings/engines">Engines</Link> : null}
          {user.role === "admin" ? <Link href="/settings/users">Manage users</Link> : null}
        </span>
      </div>
      <p className="muted">
        Signed in as {user.email} ({user.role}). An API key acts with its own role, never more than yours; send it as{" "}
        <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <ApiKeys role={user.role} />
      <LinkedWallets />
    </>
  );
};

export default SettingsPage;

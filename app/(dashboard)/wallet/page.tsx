import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { currentUser } from "@/lib/auth/get-current-user";
import { env } from "@/lib/config/env";
import { listKnownChains, listWalletLinks } from "@/lib/wallet";
import { WalletExplorer } from "@/components/wallet/wallet-explorer";
import { WalletFinance } from "@/components/quantum/wallet-finance";

export const metadata: Metadata = { title: "Wallet" };
export const dynamic = "force-dynamic";

const WalletPage = async () => {
  const user = await currentUser();
  if (!user) redirect("/signin?next=/wallet");
  const [links, chains] = await Promise.all([listWalletLinks(user.userId), listKnownChains()]);
  return (
    <>
      <div className="page-header">
        <h1>Wallet</h1>
        <Link href="/settings">Linked wallets</Link>
      </div>
      <p className="muted">
        Balance, positions, transactions, counterparties and uncommon addresses, computed from the chain data indexed for
        the wallet; each answer says which chains and prices it covers.
      </p>
      <WalletExplorer
        defaultAddress={links[0]?.address ?? ""}
        linked={links}
        chains={chains.map(({ slug, name, layer }) => ({ slug, name, layer }))}
        metricsUrl={(env().METRICS_URL ?? "").replace(/\/+$/, "")}
      />
      <div style={{ marginTop: "1rem" }}>
        <WalletFinance walletAddress={links[0]?.address ?? ""} quantumUrl={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")} />
      </div>
    </>
  );
};

export default WalletPage;

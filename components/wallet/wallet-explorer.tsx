"use client";

// The wallet page's interactive part: choose an address (default: the user's linked wallet) and
// chains, then read the metrics and the uncommon addresses' reasons through the API.
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ZWalletAddress } from "@/lib/wallet/schemas";
import { type TWalletLink } from "@/lib/wallet/links/schemas";
import { useUncommonReasons, useWalletMetrics, type MetricsRequest } from "./use-wallet";
import { WalletMetricsView, type ChainOption } from "./wallet-metrics-view";
import { CoveragePanel } from "./coverage-panel";
import { TransactionsTable } from "./transactions-table";
import { BalanceHistoryChart } from "./balance-history-chart";
import { RecipientCheckForm } from "./recipient-check-form";
import { IndexingProgress } from "./indexing-progress";
import { ApprovalsSection } from "./approvals-section";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { SubmitButton } from "@/components/ui/submit-button";

export const WalletExplorer = ({
  defaultAddress,
  linked,
  chains,
  metricsUrl,
}: {
  defaultAddress: string;
  linked: TWalletLink[];
  chains: ChainOption[];
  metricsUrl: string;
}) => {
  const [address, setAddress] = useState(defaultAddress);
  const [selected, setSelected] = useState<string[]>([]);
  const [addressError, setAddressError] = useState<string>();
  const [request, setRequest] = useState<MetricsRequest | null>(defaultAddress ? { address: defaultAddress, chains: null } : null);
  const metrics = useWalletMetrics(metricsUrl, request);
  const uncommon = useUncommonReasons(metricsUrl, request);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZWalletAddress.safeParse(address);
    if (!parsed.success) {
      setAddressError(parsed.error.issues[0]?.message);
      return;
    }
    setAddressError(undefined);
    setRequest({ address: parsed.data, chains: selected.length > 0 ? [...selected].sort() : null });
  };

  const toggle = (slug: string) => setSelected((current) => (current.includes(slug) ? current.filter((item) => item !== slug) : [...current, slug]));

  return (
    <>
      <form onSubmit={submit} aria-label="Choose a wallet" noValidate className="card" style={{ marginBottom: "1rem" }}>
        <FormField id="wallet-address" label="Wallet address" error={addressError} hint={linked.length > 0 ? "Your linked wallets are suggested; any address works." : "Link your wallets in Settings to have one here by default."}>
          <input
            id="wallet-address"
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            list="linked-wallets"
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            style={{ width: "100%", maxWidth: "32rem", fontFamily: "monospace" }}
            aria-invalid={addressError ? true : undefined}
          />
          <datalist id="linked-wallets">
            {linked.map((link) => (
              <option key={link.address} value={link.address}>
                {link.label ?? link.address}
              </option>
            ))}
          </datalist>
        </FormField>
        <fieldset style={{ border: 0, padding: 0, margin: "0 0 0.9rem" }}>
          <legend style={{ fontWeight: 600, fontSize: "0.9rem", marginBottom: "0.35rem" }}>Chains (none ticked: all)</legend>
          <div className="row">
            {chains.map((chain) => (
              <label key={chain.slug} style={{ fontWeight: 400, display: "inline-flex", gap: "0.3rem", alignItems: "center", marginRight: "0.6rem" }}>
                <input type="checkbox" checked={selected.includes(chain.slug)} onChange={() => toggle(chain.slug)} /> {chain.name}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton pending={metrics.isFetching}>
          Show metrics
        </SubmitButton>
      </form>
      {request === null ? <p className="muted">Enter a wallet address to see its metrics.</p> : null}
      <ProblemAlert error={metrics.error} />
      {request !== null && metrics.isPending ? <p className="muted" role="status">Computing metrics…</p> : null}
      {metrics.data ? (
        <section aria-label={`Metrics of ${metrics.data.wallet_address}`}>
          <p className="muted">
            Wallet <code>{metrics.data.wallet_address}</code>
            {request?.chains ? ` on ${request.chains.join(", ")}` : " on every chain"}. Name or trust the addresses you know in your{" "}
            <Link href="/settings/address-book">address book</Link>.
          </p>
          {request ? <IndexingProgress key={`indexing|${metrics.data.wallet_address}`} coverage={metrics.data.coverage} request={request} metricsUrl={metricsUrl} /> : null}
          <ScrollRegion label="Wallet coverage" className="scroll-x">
            <CoveragePanel coverage={metrics.data.coverage} />
          </ScrollRegion>
          <WalletMetricsView metrics={metrics.data.financialMetrics} chains={chains} labels={metrics.data.labels} uncommon={{ report: uncommon.data, error: uncommon.error, pending: uncommon.isPending }} />
          <BalanceHistoryChart address={metrics.data.wallet_address} chains={request?.chains ?? null} metricsUrl={metricsUrl} />
          <TransactionsTable key={`${metrics.data.wallet_address}|${request?.chains?.join(",") ?? ""}`} address={metrics.data.wallet_address} chains={request?.chains ?? null} metricsUrl={metricsUrl} />
          {request ? <ApprovalsSection request={request} metricsUrl={metricsUrl} /> : null}
          <RecipientCheckForm key={`check|${metrics.data.wallet_address}`} address={metrics.data.wallet_address} chains={request?.chains ?? null} metricsUrl={metricsUrl} />
        </section>
      ) : null}
    </>
  );
};

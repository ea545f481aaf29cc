// The numbers of POST /api/metrics for one wallet, and the reasons behind its uncommon
// addresses (GET /api/wallets/{address}/uncommon). docs/wallet-metrics.md explains each.
import { Card, Stat } from "@/components/ui/card";
import { ProblemAlert } from "@/components/ui/problem-alert";
import type { TFinancialMetrics, TUncommonReport } from "@/lib/wallet/metrics/schemas";
import { formatAddress, formatInteger, formatUsd } from "@/lib/format";
import { PositionsChart } from "./positions-chart";
import { BarList } from "@/components/charts/bar-list";

export type ChainOption = { slug: string; name: string; layer: "Layer1" | "Layer2" };

const BEHAVIOR_HINTS = {
  Low: "few transactions with the wallet",
  Moderate: "a regular counterparty",
  High: "a frequent counterparty",
  Uncommon: "flagged by a heuristic (below)",
} as const;
/** The classes in the order they are shown, Low to Uncommon (the hints' order). */
const BEHAVIORS = Object.keys(BEHAVIOR_HINTS) as (keyof typeof BEHAVIOR_HINTS)[];

const UncommonList = ({ report, error, pending }: { report?: TUncommonReport; error: unknown; pending: boolean }) => {
  if (error) return <ProblemAlert error={error} />;
  if (pending || !report) return <p className="muted">Loading reasons…</p>;
  if (report.addresses.length === 0) return <p className="muted">No uncommon addresses in this wallet&apos;s transfers.</p>;
  return (
    <ul className="uncommon-list" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {report.addresses.map((flagged) => (
        <li key={flagged.address} style={{ borderTop: "1px solid var(--border)", padding: "0.6rem 0" }} data-testid="uncommon-address">
          {flagged.label ? <strong>{flagged.label} </strong> : null}
          <code style={{ wordBreak: "break-all" }}>{flagged.address}</code>{" "}
          <span className="muted">
            {flagged.counterparty ? `counterparty, ${formatInteger(flagged.transactionCount)} transaction${flagged.transactionCount === 1 ? "" : "s"}` : "appears in the transfers"}
          </span>
          <ul style={{ margin: "0.35rem 0 0", paddingLeft: "1.2rem" }}>
            {flagged.reasons.map((reason) => (
              <li key={reason.code}>
                <span className="badge">{reason.code}</span> {reason.detail}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
};

export const WalletMetricsView = ({
  metrics,
  chains,
  uncommon,
  labels = {},
}: {
  metrics: TFinancialMetrics;
  chains: ChainOption[];
  uncommon: { report?: TUncommonReport; error: unknown; pending: boolean };
  /** The answer's labels: the user's address book first, else stored ones. */
  labels?: Record<string, string>;
}) => {
  const chainOf = new Map(chains.map((chain) => [chain.slug, chain]));
  const mostActive = metrics.mostActiveWallet.address;
  const mostActiveLabel = mostActive ? labels[mostActive.toLowerCase()] : undefined;
  // The busiest chain first.
  const byChain = Object.entries(metrics.transactionsByChain).sort(([, a], [, b]) => b - a);
  return (
    <>
      <div className="stats">
        <Stat label="Balance" value={<span data-testid="wallet-balance">{formatUsd(metrics.balance)}</span>} hint={`${Object.keys(metrics.positions).length} positions`} />
        <Stat label="Transactions" value={formatInteger(metrics.totalTransactions)} hint={`Layer 1: ${formatInteger(metrics.transactionsByLayer.Layer1)} · Layer 2: ${formatInteger(metrics.transactionsByLayer.Layer2)}`} />
        <Stat label="Counterparties" value={formatInteger(metrics.interactingWallets)} hint={mostActive ? `most active: ${mostActiveLabel ?? formatAddress(mostActive)} (${formatInteger(metrics.mostActiveWallet.transactionCount)})` : undefined} />
        <Stat label="Uncommon" value={formatInteger(metrics.behaviorOverview.totalUncommon)} hint={`${formatInteger(metrics.uncommonAddressesInTx.length)} flagged addresses in transfers`} />
        <Stat label="NFTs" value={formatInteger(metrics.nftSummary.nftCount)} hint={`est. ${formatUsd(metrics.nftSummary.nftValueEst)} at floor`} />
      </div>
      <div className="grid-2" style={{ marginBottom: "1rem" }}>
        <Card title="Positions">
          <PositionsChart positions={metrics.positions} />
        </Card>
        <Card title="Transactions by chain">
          {byChain.length === 0 ? (
            <p className="muted">No transactions on these chains.</p>
          ) : (
            <BarList
              label="Transactions by chain"
              rows={byChain.map(([slug, count]) => ({
                key: slug,
                name: (
                  <>
                    {chainOf.get(slug)?.name ?? slug}
                    <br />
                    <span className="muted" style={{ fontSize: "0.85rem", whiteSpace: "nowrap" }}>
                      {slug} · {chainOf.get(slug)?.layer ?? "unknown layer"}
                    </span>
                  </>
                ),
                value: count,
              }))}
            />
          )}
          <ul className="kv" aria-label="Transactions by layer" style={{ marginTop: "0.75rem" }}>
            <li>
              <span>Layer 1 (incl. sidechains)</span> <strong>{formatInteger(metrics.transactionsByLayer.Layer1)}</strong>
            </li>
            <li>
              <span>Layer 2</span> <strong>{formatInteger(metrics.transactionsByLayer.Layer2)}</strong>
            </li>
          </ul>
        </Card>
        <Card title="Counterparties by behavior">
          <BarList
            label="Counterparties by behavior"
            rows={BEHAVIORS.map((behavior) => ({
              key: behavior,
              name: (
                <>
                  {behavior} <span className="muted">— {BEHAVIOR_HINTS[behavior]}</span>
                </>
              ),
              value: metrics.behaviorOverview.overview[behavior],
            }))}
          />
          {metrics.mostActiveWallet.address ? (
            <p>
              Most active: {mostActiveLabel ? <strong data-testid="most-active-label">{mostActiveLabel} </strong> : null}
              <code style={{ wordBreak: "break-all" }}>{metrics.mostActiveWallet.address}</code> with {formatInteger(metrics.mostActiveWallet.transactionCount)} transactions.
            </p>
          ) : null}
        </Card>
        <Card title="NFT summary">
          <ul className="kv">
            <li>
              <span>NFTs held</span> <strong>{formatInteger(metrics.nftSummary.nftCount)}</strong>
            </li>
            <li>
              <span>Estimated value (Σ floor prices)</span> <strong>{formatUsd(metrics.nftSummary.nftValueEst)}</strong>
            </li>
          </ul>
        </Card>
      </div>
      <Card title="Uncommon addresses">
        <UncommonList {...uncommon} />
      </Card>
    </>
  );
};

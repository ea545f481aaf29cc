// What the wallet answer covers: per chain the last indexed block and time, the as-of time of the
// prices behind the balance, and the holdings left out. "Not indexed" is said, never left as zeros.
import type { TCoverage } from "@/lib/wallet/schemas";
import { formatInteger, formatUsd } from "@/lib/format";

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");

export const CoveragePanel = ({ coverage }: { coverage: TCoverage }) => (
  <section aria-label="Coverage" className="card" style={{ marginBottom: "1rem" }} data-testid="wallet-coverage" data-status={coverage.status}>
    <h2 style={{ marginTop: 0 }}>Coverage</h2>
    {coverage.status === "not-indexed" ? (
      <p role="status" className="badge" data-testid="wallet-not-indexed">
        Not indexed
      </p>
    ) : coverage.status === "indexing" ? (
      <p role="status" className="badge" data-testid="wallet-indexing-badge">
        Indexing
      </p>
    ) : null}
    <p>{coverage.detail}</p>
    {coverage.chains.length > 0 ? (
      <table>
        <caption className="muted" style={{ textAlign: "left" }}>Per chain</caption>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">Status</th>
            <th scope="col">Last indexed block</th>
            <th scope="col">As of</th>
            <th scope="col">Transfers</th>
          </tr>
        </thead>
        <tbody>
          {coverage.chains.map((chain) => (
            <tr key={chain.chain}>
              <td>{chain.chain}</td>
              <td>{chain.status === "indexed" ? `indexed (${chain.source})` : chain.status === "indexing" ? "indexing…" : "not indexed"}</td>
              <td>{chain.lastIndexedBlock ?? "—"}</td>
              <td>{when(chain.lastIndexedAt)}</td>
              <td>{formatInteger(chain.transfers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : null}
    {coverage.prices.used.length > 0 ? (
      <p className="muted" data-testid="wallet-prices-as-of">
        Prices as of {when(coverage.prices.oldestAsOf)}
        {coverage.prices.newestAsOf !== coverage.prices.oldestAsOf ? ` to ${when(coverage.prices.newestAsOf)}` : ""}
        {coverage.prices.used.some((price) => price.stale) ? ` — some are older than ${coverage.prices.staleAfterHours} h: ` + coverage.prices.used.filter((price) => price.stale).map((price) => `${price.symbol} (${price.chain}) ${formatUsd(price.priceUsd)}`).join(", ") : ""}.
      </p>
    ) : null}
    {coverage.excluded.length > 0 ? (
      <ul aria-label="Left out of the balance">
        {coverage.excluded.map((item) => (
          <li key={`${item.chain}|${item.tokenAddress}`}>
            <span className="badge">{item.reason}</span> {item.detail}
          </li>
        ))}
      </ul>
    ) : null}
  </section>
);

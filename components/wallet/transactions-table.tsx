"use client";

// The wallet's transfers, newest first (GET /api/wallets/{address}/transactions): filters by
// direction and token, pages, a CSV export of the same filters, labels and uncommon flags.
import { useState } from "react";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { formatAddress, formatInteger, formatTokenAmount, formatUsd } from "@/lib/format";
import { transactionsPath, useWalletTransactions, type TransactionsRequest } from "./use-wallet-transactions";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const TransactionsTable = ({ address, chains, metricsUrl }: { address: string; chains: string[] | null; metricsUrl: string }) => {
  const [direction, setDirection] = useState<TransactionsRequest["direction"]>("");
  const [token, setToken] = useState("");
  const [cursors, setCursors] = useState<string[]>([]);
  const request: TransactionsRequest = { address, chains, direction, token, cursor: cursors[cursors.length - 1] ?? null };
  const query = useWalletTransactions(metricsUrl, request);
  const reset = () => setCursors([]);

  return (
    <section aria-label="Transactions" className="card" style={{ marginTop: "1rem" }}>
      <h2 style={{ marginTop: 0 }}>Transactions</h2>
      <div className="row" style={{ gap: "0.8rem", alignItems: "end", marginBottom: "0.6rem" }}>
        <label>
          Direction{" "}
          <select value={direction} onChange={(event) => { setDirection(event.target.value as TransactionsRequest["direction"]); reset(); }}>
            <option value="">all</option>
            <option value="in">in</option>
            <option value="out">out</option>
            <option value="self">self</option>
          </select>
        </label>
        <label>
          Token{" "}
          <input value={token} onChange={(event) => { setToken(event.target.value); reset(); }} placeholder="symbol or 0x…" style={{ width: "10rem" }} />
        </label>
        <a href={transactionsPath(metricsUrl, { ...request, cursor: null }, { format: "csv", limit: "1000" })} download>
          Export CSV
        </a>
      </div>
      <ProblemAlert error={query.error} />
      {query.data ? (
        <>
          <p className="muted" data-testid="transactions-total">
            {formatInteger(query.data.total)} transfer{query.data.total === 1 ? "" : "s"}
          </p>
          <ScrollRegion label="Transfers" className="scroll-x">
            <table>
              <thead>
                <tr>
                  <th scope="col">Time (UTC)</th>
                  <th scope="col">Chain</th>
                  <th scope="col">Direction</th>
                  <th scope="col">Counterparty</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col">Flags</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((item) => (
                  <tr key={item.id} data-testid="transaction-row">
                    <td>{item.timestamp.slice(0, 16).replace("T", " ")}</td>
                    <td>{item.chain}</td>
                    <td>{item.direction}</td>
                    <td title={item.counterparty ?? undefined}>
                      {item.counterpartyLabel ? <strong>{item.counterpartyLabel} </strong> : null}
                      <code>{item.counterparty ? formatAddress(item.counterparty) : "itself"}</code>
                    </td>
                    <td className="num" title={item.units ? `${item.units} ${item.symbol ?? ""}`.trim() : undefined}>
                      {item.units ? formatTokenAmount(item.units) : item.amount} {item.symbol}
                      {item.tokenId ? ` #${item.tokenId}` : ""}
                    </td>
                    <td className="num">{item.valueUsd === null ? "—" : formatUsd(item.valueUsd)}</td>
                    <td>
                      {item.flags.map((flag) => (
                        <span key={`${flag.address}|${flag.code}`} className="badge" title={flag.detail} style={{ marginRight: "0.25rem" }}>
                          {flag.code}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div className="row" style={{ gap: "0.6rem", marginTop: "0.5rem" }}>
            <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous page
            </button>
            <button type="button" disabled={!query.data.nextCursor} onClick={() => query.data?.nextCursor && setCursors([...cursors, query.data.nextCursor])}>
              Next page
            </button>
          </div>
        </>
      ) : query.isPending ? (
        <p className="muted">Loading transactions…</p>
      ) : null}
    </section>
  );
};

"use client";

// The wallet's current token approvals: who may spend what, the value at risk, and the spenders
// that look uncommon (with the reasons) — the allowances a user should revoke first.
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { MetricsRequest } from "./use-wallet";
import { useWalletApprovals } from "./use-wallet-approvals";
import { formatUsd, formatAddress } from "@/lib/format";

export const ApprovalsSection = ({ request, metricsUrl }: { request: MetricsRequest; metricsUrl: string }) => {
  const approvals = useWalletApprovals(metricsUrl, request);
  return (
    <section aria-labelledby="wallet-approvals-title" className="card" style={{ marginBottom: "1rem" }} data-testid="wallet-approvals">
      <h2 id="wallet-approvals-title" style={{ marginTop: 0 }}>
        Token approvals
      </h2>
      <ProblemAlert error={approvals.error} />
      {approvals.isPending ? <p className="muted">Loading approvals…</p> : null}
      {approvals.data && approvals.data.approvals.length === 0 ? <p className="muted">No current approvals: nobody may spend this wallet&apos;s tokens.</p> : null}
      {approvals.data && approvals.data.approvals.length > 0 ? (
        <>
          <p data-testid="wallet-approvals-total">
            Value at risk: <strong>{formatUsd(approvals.data.totalValueAtRiskUsd)}</strong> over {approvals.data.approvals.length} approval{approvals.data.approvals.length === 1 ? "" : "s"}.
          </p>
          <ScrollRegion label="Token approvals" className="scroll-x">
            <table>
              <thead>
                <tr>
                  <th scope="col">Token</th>
                  <th scope="col">Spender</th>
                  <th scope="col">Allowance</th>
                  <th scope="col">Value at risk</th>
                  <th scope="col">Flags</th>
                </tr>
              </thead>
              <tbody>
                {approvals.data.approvals.map((approval) => (
                  <tr key={`${approval.chain}|${approval.tokenAddress}|${approval.spender}|${approval.kind}`} data-uncommon={approval.uncommon}>
                    <td>
                      {approval.symbol} <span className="muted">({approval.chain})</span>
                    </td>
                    <td>
                      {approval.spenderLabel ? <strong>{approval.spenderLabel} </strong> : null}
                      <code title={approval.spender}>{formatAddress(approval.spender)}</code>
                    </td>
                    <td>{approval.kind === "all" ? "all NFTs of the collection" : approval.unlimited ? "unlimited" : (approval.allowanceUnits ?? approval.allowance)}</td>
                    <td>{approval.valueAtRiskUsd === null ? "unpriced" : formatUsd(approval.valueAtRiskUsd)}</td>
                    <td>
                      {approval.uncommon ? (
                        <ul style={{ margin: 0, paddingLeft: "1rem" }}>
                          {approval.reasons.map((reason) => (
                            <li key={reason.code}>
                              <span className="badge">{reason.code}</span> {reason.detail}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="muted">none</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
    </section>
  );
};

"use client";

// "Check a recipient before sending": POST /api/wallets/{address}/check-recipient, showing the
// verdict, its reasons, and for a look-alike the genuine address with the differing characters marked.
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TRecipientCheckResult } from "@/lib/wallet/recipient/schemas";
import { ZWalletAddress } from "@/lib/wallet/schemas";
import { SubmitButton } from "@/components/ui/submit-button";

const VERDICT_TEXT: Record<TRecipientCheckResult["verdict"], string> = {
  known: "Known counterparty",
  lookalike: "Look-alike of an address you deal with — do not send",
  fresh: "Fresh address — never seen in this wallet's history",
  flagged: "Flagged — do not send",
};

/** The address with [bracketed] runs shown highlighted. */
const Marked = ({ marked }: { marked: string }) => (
  <code style={{ wordBreak: "break-all" }}>
    {marked.split(/(\[[^\]]*\])/).map((part, index) =>
      part.startsWith("[") ? (
        <mark key={index} title="differs">
          {part.slice(1, -1)}
        </mark>
      ) : (
        <span key={index}>{part}</span>
      ),
    )}
  </code>
);

export const RecipientCheckForm = ({ address, chains, metricsUrl }: { address: string; chains: string[] | null; metricsUrl: string }) => {
  const [to, setTo] = useState("");
  const [error, setError] = useState<string>();
  const check = useMutation({
    mutationFn: (recipient: string) =>
      unwrap(
        dashboardApi(metricsUrl).POST("/api/wallets/{address}/check-recipient", {
          params: { path: { address } },
          body: { to: recipient, ...(chains ? { chains } : {}) },
        }),
      ),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZWalletAddress.safeParse(to);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    check.mutate(parsed.data);
  };
  const result = check.data;
  return (
    <section aria-label="Check a recipient" className="card" style={{ marginTop: "1rem" }}>
      <h2 style={{ marginTop: 0 }}>Check a recipient before sending</h2>
      <form onSubmit={submit} noValidate>
        <FormField id="recipient-to" label="Recipient address" error={error} hint="Judged from this wallet's own history.">
          <input id="recipient-to" value={to} onChange={(event) => setTo(event.target.value)} placeholder="0x…" spellCheck={false} autoComplete="off" style={{ width: "100%", maxWidth: "32rem", fontFamily: "monospace" }} aria-invalid={error ? true : undefined} />
        </FormField>
        <SubmitButton pending={check.isPending}>
          Check recipient
        </SubmitButton>
      </form>
      <ProblemAlert error={check.error} />
      {result ? (
        <div role="status" data-testid="recipient-verdict" data-verdict={result.verdict} style={{ marginTop: "0.8rem" }}>
          <p>
            <span className="badge">{result.severity}</span> <strong>{VERDICT_TEXT[result.verdict]}</strong>
            {result.toLabel ? ` (${result.toLabel})` : ""}
          </p>
          {result.lookalikeOf.map((match) => (
            <p key={match.address}>
              Imitates {match.label ? `${match.label} ` : ""}
              <code style={{ wordBreak: "break-all" }}>{match.address}</code>
              <br />
              You entered <Marked marked={match.marked} /> ({match.differences.length} characters differ)
            </p>
          ))}
          <ul>
            {result.reasons.map((reason, index) => (
              <li key={`${reason.code}-${index}`}>
                <span className="badge">{reason.code}</span> {reason.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
};

"use client";

// Settings: the wallet addresses a user links to their account. POST /api/metrics without a
// wallet_address, and the wallet page, use the default one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { ZLinkWalletBody, type TLinkWalletBody } from "@/lib/wallet/links/schemas";
import { useDeleteByAddress, useWalletLinks, walletKeys } from "./use-wallet";
import { SubmitButton } from "@/components/ui/submit-button";

export const LinkedWallets = () => {
  const queryClient = useQueryClient();
  const links = useWalletLinks();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: walletKeys.all });

  const link = useMutation({
    mutationFn: (body: TLinkWalletBody) => unwrap(dashboardApi().POST("/api/wallet-links", { body })),
    onSuccess: () => refresh(),
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });
  const makeDefault = useMutation({
    mutationFn: (address: string) => unwrap(dashboardApi().PATCH("/api/wallet-links/{address}", { params: { path: { address } }, body: { isDefault: true } })),
    onSuccess: () => refresh(),
  });
  const unlink = useDeleteByAddress("/api/wallet-links");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const label = String(form.get("label") ?? "").trim();
    const parsed = ZLinkWalletBody.safeParse({ address: String(form.get("address") ?? ""), ...(label ? { label } : {}) });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setFieldErrors({});
    link.mutate(parsed.data, { onSuccess: () => formElement.reset() });
  };

  return (
    <section className="card" aria-labelledby="linked-wallets" style={{ marginTop: "1rem" }}>
      <h2 id="linked-wallets" className="card-title">Linked wallets</h2>
      <p className="muted">
        The default wallet is the one the Wallet page opens and <code>POST /api/metrics</code> reports when no <code>wallet_address</code> is sent.
      </p>
      <div className="grid-2">
        <form onSubmit={submit} aria-label="Link a wallet" noValidate>
          <FormField id="link-address" label="Wallet address" error={fieldErrors.address} hint="0x followed by 40 hex digits">
            <input id="link-address" name="address" placeholder="0x…" spellCheck={false} autoComplete="off" style={{ width: "100%", fontFamily: "monospace" }} />
          </FormField>
          <FormField id="link-label" label="Label (optional)" error={fieldErrors.label}>
            <input id="link-label" name="label" maxLength={100} />
          </FormField>
          <SubmitButton pending={link.isPending}>
            Link wallet
          </SubmitButton>
          <ProblemAlert error={link.error} />
        </form>
        <div>
          <ProblemAlert error={links.error ?? makeDefault.error ?? unlink.error} />
          {links.isPending ? <p className="muted">Loading…</p> : null}
          {links.data?.length === 0 ? <p className="muted">No linked wallets yet.</p> : null}
          <ul className="kv" aria-label="Your linked wallets">
            {links.data?.map((wallet) => (
              <li key={wallet.address}>
                <span style={{ minWidth: 0 }}>
                  {wallet.label ? <strong>{wallet.label} </strong> : null}
                  {wallet.isDefault ? <span className="badge">default</span> : null}
                  <br />
                  <code style={{ wordBreak: "break-all" }}>{wallet.address}</code>
                </span>
                <span className="row" style={{ flexWrap: "nowrap" }}>
                  {wallet.isDefault ? null : (
                    <button type="button" className="secondary" style={{ whiteSpace: "nowrap" }} disabled={makeDefault.isPending} onClick={() => makeDefault.mutate(wallet.address)}>
                      Make default
                    </button>
                  )}
                  <ConfirmButton
                    label="Unlink"
                    confirmLabel="Unlink"
                    question={`Unlink ${wallet.label ?? wallet.address}?`}
                    onConfirm={() => unlink.mutateAsync(wallet.address).then(() => undefined)}
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
};

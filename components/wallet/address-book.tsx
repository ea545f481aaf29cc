"use client";

// Settings → Address book: the user's own labels for addresses and which they trust, through
// /api/address-book. Labels show wherever the wallet page shows an address; a trusted
// address anchors look-alike detection and its small or unpriced transfers are not flagged.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ApiError } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { ZWalletAddress } from "@/lib/wallet/schemas";
import { useDeleteByAddress, walletKeys } from "./use-wallet";
import { SubmitButton } from "@/components/ui/submit-button";

const bookKey = [...walletKeys.all, "address-book"] as const;

/** An entry as GET /api/address-book answers it. */
export type TAddressBookEntry = { address: string; label: string | null; trusted: boolean; createdAt: string; updatedAt: string };
type TAddressBookBody = { label: string | null; trusted: boolean };

/** The API's rules (ZAddressBookBody), checked before sending so the form answers at once; the API checks again. */
const checkEntry = (body: TAddressBookBody): Record<string, string> =>
  body.label !== null && body.label.length > 100
    ? { label: "must be at most 100 characters" }
    : body.label === null && !body.trusted
      ? { label: "an entry needs a label or trusted: true" }
      : {};

const put = (address: string, body: TAddressBookBody) => unwrap(dashboardApi().PUT("/api/address-book/{address}", { params: { path: { address } }, body }));

/** The label editor of one entry (in place of its name while open). */
const EditLabel = ({ entry, onDone }: { entry: TAddressBookEntry; onDone: () => void }) => {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (label: string | null) => put(entry.address, { label, trusted: entry.trusted }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      onDone();
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.fieldErrors().label : undefined),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const label = String(new FormData(event.currentTarget).get("label") ?? "").trim() || null;
    const problem = checkEntry({ label, trusted: entry.trusted }).label;
    if (problem) return setError(problem);
    setError(undefined);
    save.mutate(label);
  };
  const id = `label-${entry.address}`;
  return (
    <form onSubmit={submit} aria-label={`Edit the label of ${entry.address}`} noValidate>
      <FormField id={id} label="Label" error={error} hint={entry.trusted ? "Empty: no label (the address stays trusted)" : undefined}>
        <input id={id} name="label" defaultValue={entry.label ?? ""} maxLength={100} />
      </FormField>
      <span className="row">
        <SubmitButton pending={save.isPending}>
          Save
        </SubmitButton>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </span>
      <ProblemAlert error={save.error instanceof ApiError && save.error.fieldErrors().label ? null : save.error} />
    </form>
  );
};

/** `shown`: the page shows the first this many entries (the API pages beyond it); `total`: how many there are. */
export const AddressBook = ({ initial, total, shown }: { initial: TAddressBookEntry[]; total: number; shown: number }) => {
  const queryClient = useQueryClient();
  const book = useQuery({ queryKey: bookKey, queryFn: () => unwrap(dashboardApi().GET("/api/address-book", { params: { query: { limit: shown } } })), initialData: initial });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: walletKeys.all });

  const add = useMutation({
    mutationFn: ({ address, body }: { address: string; body: TAddressBookBody }) => put(address, body),
    onSuccess: () => refresh(),
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });
  const trust = useMutation({
    mutationFn: (entry: TAddressBookEntry) => put(entry.address, { label: entry.label, trusted: !entry.trusted }),
    // The toggle moves at once; the list is read again afterwards (which also undoes it on a refusal).
    onMutate: async (entry) => {
      await queryClient.cancelQueries({ queryKey: bookKey });
      queryClient.setQueryData<TAddressBookEntry[]>(bookKey, (old) => old?.map((row) => (row.address === entry.address ? { ...row, trusted: !entry.trusted } : row)));
    },
    onSettled: () => refresh(),
  });
  const remove = useDeleteByAddress("/api/address-book");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const label = String(form.get("label") ?? "").trim();
    const address = ZWalletAddress.safeParse(String(form.get("address") ?? "").trim());
    const body = { label: label || null, trusted: form.get("trusted") === "on" };
    const errors = { ...(address.success ? {} : { address: address.error.issues[0].message }), ...checkEntry(body) };
    if (!address.success || Object.keys(errors).length > 0) return setFieldErrors(errors);
    setFieldErrors({});
    add.mutate({ address: address.data.toLowerCase(), body }, { onSuccess: () => formElement.reset() });
  };

  const entries = book.data ?? [];
  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="book-add">
        <h2 id="book-add" className="card-title">Add an address</h2>
        <p className="muted">Saving an address that is already in the book replaces its label and trust.</p>
        <form onSubmit={submit} aria-label="Add an address" noValidate>
          <FormField id="book-address" label="Address" error={fieldErrors.address} hint="0x followed by 40 hex digits; the same on every chain">
            <input id="book-address" name="address" placeholder="0x…" spellCheck={false} autoComplete="off" style={{ width: "100%", fontFamily: "monospace" }} />
          </FormField>
          <FormField id="book-label" label="Label" error={fieldErrors.label} hint="Optional when the address is trusted">
            <input id="book-label" name="label" maxLength={100} />
          </FormField>
          <div className="field">
            <label>
              <input type="checkbox" name="trusted" /> Trusted — anchors look-alike detection; its small and unpriced transfers are not flagged
            </label>
          </div>
          <SubmitButton pending={add.isPending}>
            Save address
          </SubmitButton>
          <ProblemAlert error={add.error instanceof ApiError && Object.keys(add.error.fieldErrors()).length > 0 ? null : add.error} />
        </form>
      </section>
      <section className="card" aria-labelledby="book-list">
        <h2 id="book-list" className="card-title">Your addresses</h2>
        <ProblemAlert error={book.error ?? trust.error ?? remove.error} />
        {entries.length === 0 ? <p className="muted">No addresses yet. A label you give here shows wherever the wallet page shows the address.</p> : null}
        {total > shown ? <p className="muted">Showing the first {shown} of {total} addresses.</p> : null}
        <ul className="kv" aria-label="Address book">
          {entries.map((entry) => (
            <li key={entry.address}>
              <span style={{ minWidth: 0 }}>
                {editing === entry.address ? (
                  <EditLabel entry={entry} onDone={() => setEditing(null)} />
                ) : (
                  <>
                    {entry.label ? <strong>{entry.label} </strong> : <span className="muted">(no label) </span>}
                    {entry.trusted ? <span className="badge">trusted</span> : null}
                  </>
                )}
                <br />
                <code style={{ wordBreak: "break-all" }}>{entry.address}</code>
              </span>
              <span className="row" style={{ flexWrap: "wrap", justifyContent: "flex-end" }}>
                <label style={{ whiteSpace: "nowrap" }} title={entry.trusted && !entry.label ? "Give it a label first, or delete it" : undefined}>
                  <input
                    type="checkbox"
                    checked={entry.trusted}
                    disabled={trust.isPending || (entry.trusted && !entry.label)}
                    onChange={() => trust.mutate(entry)}
                    aria-label={`Trust ${entry.label ?? entry.address}`}
                  />{" "}
                  Trusted
                </label>
                {editing === entry.address ? null : (
                  <button type="button" className="secondary" onClick={() => setEditing(entry.address)} aria-label={`Edit ${entry.label ?? entry.address}`}>
                    Edit
                  </button>
                )}
                <ConfirmButton
                  label="Delete"
                  question={`Delete ${entry.label ?? entry.address} from your address book?`}
                  onConfirm={() => remove.mutateAsync(entry.address).then(() => undefined)}
                />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};

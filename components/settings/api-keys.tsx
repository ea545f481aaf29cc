"use client";

// The signed-in user's API keys: create one (shown once, with a Copy button), list them, revoke one
// through the confirm dialog. Writes go through the shared write hook (toasts, offline refusal).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/lib/client/api";
import { ZCreateApiKeyBody, type TApiKey, type TCreatedApiKey } from "@/lib/auth/schemas";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import { useWrite } from "@/components/shared/use-resource";
import { formatDateTime } from "@/lib/format";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ConfirmButton } from "@/components/ui/confirm-button";

export const apiKeyKeys = { all: ["api-keys"] as const };

const ROLE_OPTIONS = ["viewer", "operator", "admin"] as const;

/** Puts the key on the clipboard and says so; when the browser refuses, says how to copy it by hand. */
const copyKey = async (key: string) => {
  try {
    await navigator.clipboard.writeText(key);
    toast.success("Copied");
  } catch {
    toast.error("Copying was not allowed — select the key and copy it yourself.");
  }
};

const NewKey = ({ created }: { created: TCreatedApiKey }) => (
  <div className="card" role="status" aria-live="polite" style={{ marginTop: "1rem" }}>
    <p>
      <strong>Copy this key now — it is not shown again.</strong>
    </p>
    <p>
      <code data-testid="new-api-key" style={{ wordBreak: "break-all" }}>
        {created.key}
      </code>
    </p>
    <button type="button" className="secondary" onClick={() => void copyKey(created.key)}>
      Copy key
    </button>
  </div>
);

export const ApiKeys = ({ role }: { role: string }) => {
  const keys = useQuery({ queryKey: apiKeyKeys.all, queryFn: () => apiFetch<TApiKey[]>("/api/keys") });
  const kit = useFormKit();
  const [name, setName] = useState("");
  const allowed = ROLE_OPTIONS.slice(0, ROLE_OPTIONS.indexOf(role as (typeof ROLE_OPTIONS)[number]) + 1);
  const [keyRole, setKeyRole] = useState(role);
  const [created, setCreated] = useState<TCreatedApiKey>();

  const create = useWrite(apiKeyKeys.all, (body: unknown) => apiFetch<TCreatedApiKey>("/api/keys", { method: "POST", body }), "API key created");
  const revoke = useWrite(apiKeyKeys.all, (id: string) => apiFetch<void>(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" }), "API key revoked");

  const submit = () => {
    const body = kit.validate(ZCreateApiKeyBody, { name, role: keyRole });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
      },
      onError: kit.failWith,
    });
  };

  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="new-key">
        <h2 id="new-key" className="card-title">New API key</h2>
        <Form kit={kit} onSubmit={submit} className="form" label="Create API key">
          <Field id="key-name" path="name" label="Name" hint="What the key is for, e.g. 'CI pipeline'">
            {(control) => <input {...control} name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <Field id="key-role" path="role" label="Role">
            {(control) => (
              <select {...control} name="role" value={keyRole} onChange={(event) => setKeyRole(event.target.value)}>
                {allowed.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            )}
          </Field>
          <FormFooter pending={create.isPending} submitLabel="Create key" pendingLabel="Creating…" />
        </Form>
        {created ? <NewKey created={created} /> : null}
      </section>
      <section className="card" aria-labelledby="your-keys">
        <h2 id="your-keys" className="card-title">Your API keys</h2>
        <ProblemAlert error={keys.error} />
        {keys.isPending ? <p className="muted">Loading…</p> : null}
        {keys.data?.length === 0 ? <p className="muted">No keys yet.</p> : null}
        <ul className="kv">
          {keys.data?.map((key) => (
            <li key={key.id}>
              <span>
                <strong>{key.name}</strong> <code>{key.prefix}…</code> <span className="badge">{key.role}</span>
                <br />
                <span className="muted">
                  {key.revokedAt ? `revoked ${formatDateTime(key.revokedAt)}` : key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : "never used"}
                </span>
              </span>
              {key.revokedAt ? null : (
                <ConfirmButton
                  label="Revoke"
                  confirmLabel="Revoke"
                  question={`Revoke the key “${key.name}”? Calls with it fail at once.`}
                  onConfirm={() => revoke.mutateAsync(key.id)}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};

"use client";

// The signed-in user's API keys: create one (shown once, with a Copy button), list them, revoke one
// through the confirm dialog. Writes go through the shared write hook (toasts, offline refusal).
// Least privilege by default: a new key is a viewer's, reads only, and expires in 30 days; each of
// those is one choice away (docs/api.md, "Scoped, expiring keys").
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { READ_SCOPES, SCOPE_AREAS, ZCreateApiKeyBody, type TApiKey, type TCreateApiKeyBody, type TCreatedApiKey } from "@/lib/auth/schemas";
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

type Access = "read" | "all" | "custom";

const EXPIRY_OPTIONS = [
  { days: 30, label: "in 30 days" },
  { days: 90, label: "in 90 days" },
  { days: 365, label: "in a year" },
  { days: 0, label: "never (until revoked)" },
];

/** What a key may do, in a few words. */
const scopeSummary = (key: TApiKey) => {
  if (!key.scopes) return "every area its role allows";
  if (key.scopes.length === READ_SCOPES.length && key.scopes.every((scope) => scope.endsWith(":read"))) return "reads only";
  return key.scopes.join(", ");
};

const expiryText = (key: TApiKey) => {
  if (!key.expiresAt) return "no expiry";
  return Date.parse(key.expiresAt) <= Date.now() ? `expired ${formatDateTime(key.expiresAt)}` : `expires ${formatDateTime(key.expiresAt)}`;
};

/** The areas × read/write grid of a key made to measure. */
const ScopePicker = ({ chosen, onChange, canWrite }: { chosen: Set<string>; onChange: (next: Set<string>) => void; canWrite: boolean }) => {
  const toggle = (scope: string) => {
    const next = new Set(chosen);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    onChange(next);
  };
  return (
    <table className="scope-grid">
      <caption className="visually-hidden">Areas the key may read or write</caption>
      <thead>
        <tr>
          <th scope="col">Area</th>
          <th scope="col">Read</th>
          <th scope="col">Write</th>
        </tr>
      </thead>
      <tbody>
        {SCOPE_AREAS.map((area) => (
          <tr key={area}>
            <th scope="row">{area.replaceAll("-", " ")}</th>
            {(["read", "write"] as const).map((access) => {
              const scope = `${area}:${access}`;
              return (
                <td key={access}>
                  <input
                    type="checkbox"
                    aria-label={`${access} ${area.replaceAll("-", " ")}`}
                    checked={chosen.has(scope)}
                    disabled={access === "write" && !canWrite}
                    onChange={() => toggle(scope)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

export const ApiKeys = ({ role }: { role: string }) => {
  const keys = useQuery({ queryKey: apiKeyKeys.all, queryFn: () => unwrap(dashboardApi().GET("/api/keys")) });
  const queryClient = useQueryClient();
  const kit = useFormKit();
  const [name, setName] = useState("");
  const allowed = ROLE_OPTIONS.slice(0, ROLE_OPTIONS.indexOf(role as (typeof ROLE_OPTIONS)[number]) + 1);
  const [keyRole, setKeyRole] = useState<string>("viewer");
  const [access, setAccess] = useState<Access>("read");
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(READ_SCOPES));
  const [expiryDays, setExpiryDays] = useState(30);
  const [created, setCreated] = useState<TCreatedApiKey>();

  const create = useWrite(apiKeyKeys.all, (body: TCreateApiKeyBody) => unwrap(dashboardApi().POST("/api/keys", { body })), "API key created");
  const revoke = useWrite(apiKeyKeys.all, (id: string) => unwrap(dashboardApi().DELETE("/api/keys/{keyId}", { params: { path: { keyId: id } } })), "API key revoked");

  const submit = () => {
    const scopes =
      access === "read" ? READ_SCOPES : access === "custom" ? [...chosen].filter((scope) => keyRole !== "viewer" || scope.endsWith(":read")) : undefined;
    const expiresAt = expiryDays > 0 ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : undefined;
    const body = kit.validate(ZCreateApiKeyBody, { name, role: keyRole, scopes, expiresAt });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
        // The list shows the new key at once, whatever becomes of its refetch (a list fetched just
        // before the create could otherwise stay as it was); the secret stays out of the cache.
        const { key: _secret, ...listed } = key;
        queryClient.setQueryData<TApiKey[]>(apiKeyKeys.all, (old) => (old?.some((entry) => entry.id === listed.id) ? old : [listed, ...(old ?? [])]));
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
          <Field id="key-access" path="scopes" label="Access" hint="What the key may do, within its role">
            {(control) => (
              <select {...control} name="access" value={access} onChange={(event) => setAccess(event.target.value as Access)}>
                <option value="read">Read every area</option>
                <option value="all">Everything its role allows</option>
                <option value="custom">Choose areas…</option>
              </select>
            )}
          </Field>
          {access === "custom" ? <ScopePicker chosen={chosen} onChange={setChosen} canWrite={keyRole !== "viewer"} /> : null}
          <Field id="key-expiry" path="expiresAt" label="Expires">
            {(control) => (
              <select {...control} name="expiry" value={expiryDays} onChange={(event) => setExpiryDays(Number(event.target.value))}>
                {EXPIRY_OPTIONS.map((option) => (
                  <option key={option.days} value={option.days}>
                    {option.label}
                  </option>
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
                <span className="muted">{scopeSummary(key)}</span>
                <br />
                <span className="muted">
                  {key.revokedAt ? `revoked ${formatDateTime(key.revokedAt)}` : expiryText(key)} ·{" "}
                  {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : "never used"}
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

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiError } from "@/lib/client/api";
import { ZCreateApiKeyBody, type TApiKey, type TCreatedApiKey } from "@/lib/auth/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ConfirmButton } from "@/components/ui/confirm-button";

export const apiKeyKeys = { all: ["api-keys"] as const };

const ROLE_OPTIONS = ["viewer", "operator", "admin"] as const;

export const ApiKeys = ({ role }: { role: string }) => {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeyKeys.all, queryFn: () => apiFetch<TApiKey[]>("/api/keys") });
  const [created, setCreated] = useState<TCreatedApiKey>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (body: unknown) => apiFetch<TCreatedApiKey>("/api/keys", { method: "POST", body }),
    onSuccess: (key) => {
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (error) => setFieldErrors(error instanceof ApiError ? error.fieldErrors() : {}),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: String(form.get("name") ?? ""), role: String(form.get("role") ?? role) };
    const parsed = ZCreateApiKeyBody.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setFieldErrors({});
    create.mutate(parsed.data);
  };

  const allowed = ROLE_OPTIONS.slice(0, ROLE_OPTIONS.indexOf(role as (typeof ROLE_OPTIONS)[number]) + 1);

  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="new-key">
        <h2 id="new-key" className="card-title">New API key</h2>
        <form onSubmit={submit} aria-label="Create API key" noValidate>
          <FormField id="key-name" label="Name" error={fieldErrors.name} hint="What the key is for, e.g. 'CI pipeline'">
            <input id="key-name" name="name" maxLength={100} />
          </FormField>
          <FormField id="key-role" label="Role" error={fieldErrors.role}>
            <select id="key-role" name="role" defaultValue={role}>
              {allowed.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </FormField>
          <button type="submit" disabled={create.isPending}>
            Create key
          </button>
        </form>
        <ProblemAlert error={create.error} />
        {created ? (
          <div className="card" role="status" aria-live="polite" style={{ marginTop: "1rem" }}>
            <p>
              <strong>Copy this key now — it is not shown again.</strong>
            </p>
            <code data-testid="new-api-key" style={{ wordBreak: "break-all" }}>
              {created.key}
            </code>
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="your-keys">
        <h2 id="your-keys" className="card-title">Your API keys</h2>
        <ProblemAlert error={keys.error ?? revoke.error} />
        {keys.isPending ? <p className="muted">Loading…</p> : null}
        {keys.data?.length === 0 ? <p className="muted">No keys yet.</p> : null}
        <ul className="kv">
          {keys.data?.map((key) => (
            <li key={key.id}>
              <span>
                <strong>{key.name}</strong> <code>{key.prefix}…</code> <span className="badge">{key.role}</span>
                <br />
                <span className="muted">
                  {key.revokedAt ? `revoked ${new Date(key.revokedAt).toLocaleString()}` : key.lastUsedAt ? `last used ${new Date(key.lastUsedAt).toLocaleString()}` : "never used"}
                </span>
              </span>
              {key.revokedAt ? null : (
                <ConfirmButton
                  label="Revoke"
                  confirmLabel="Revoke"
                  question={`Revoke the key “${key.name}”? Calls with it fail at once.`}
                  onConfirm={() => revoke.mutateAsync(key.id).then(() => undefined)}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};

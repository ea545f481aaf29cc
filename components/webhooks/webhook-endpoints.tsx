"use client";

// The webhook endpoints of settings: register one (its secret shown once), list them with their
// state, enable or disable, send a test, open the delivery log.
import Link from "next/link";
import { useState } from "react";
import { Field, FieldGroup, Form, FormFooter, useFormKit } from "@/components/form";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ZCreateWebhookBody, type TWebhookWithSecret } from "@/lib/webhooks/schemas";
import { DELIVERABLE_EVENT_TYPES as WEBHOOK_EVENT_TYPES } from "@/lib/events/catalog";
import { SecretOnce } from "./secret-once";
import { useCreateWebhook, useSendTest, useSetEnabled, useWebhooks } from "./use-webhooks";

const NewEndpoint = () => {
  const kit = useFormKit();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [types, setTypes] = useState<string[]>([]);
  const [created, setCreated] = useState<TWebhookWithSecret>();
  const create = useCreateWebhook();

  const submit = () => {
    const body = kit.validate(ZCreateWebhookBody, { url, description, eventTypes: types });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (endpoint) => {
        setCreated(endpoint);
        setUrl("");
        setDescription("");
        setTypes([]);
      },
      onError: kit.failWith,
    });
  };
  const toggle = (type: string, on: boolean) => setTypes((current) => (on ? [...current, type] : current.filter((item) => item !== type)));

  return (
    <section className="card" aria-labelledby="new-webhook">
      <h2 id="new-webhook" className="card-title">New endpoint</h2>
      <Form kit={kit} onSubmit={submit} className="form" label="Register webhook endpoint">
        <Field id="webhook-url" path="url" label="URL" hint="Events are POSTed here, signed (Standard Webhooks)">
          {(control) => <input {...control} name="url" type="url" inputMode="url" maxLength={2048} value={url} onChange={(event) => setUrl(event.target.value)} />}
        </Field>
        <Field id="webhook-description" path="description" label="Description">
          {(control) => <input {...control} name="description" maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </Field>
        <FieldGroup id="webhook-types" path="eventTypes" legend="Event types" hint="None ticked: every type">
          <details>
            <summary>{types.length ? `${types.length} selected` : "All event types"}</summary>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="row" style={{ gap: "0.4rem" }}>
                <input type="checkbox" checked={types.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
                <code>{type}</code>
              </label>
            ))}
          </details>
        </FieldGroup>
        <FormFooter pending={create.isPending} submitLabel="Register endpoint" pendingLabel="Registering…" />
      </Form>
      {created ? <SecretOnce secret={created.secret} /> : null}
    </section>
  );
};

const EndpointList = () => {
  const endpoints = useWebhooks();
  const setEnabled = useSetEnabled();
  const sendTest = useSendTest();
  return (
    <section className="card" aria-labelledby="webhook-list">
      <h2 id="webhook-list" className="card-title">Endpoints</h2>
      <ProblemAlert error={endpoints.error ?? setEnabled.error ?? sendTest.error} />
      {endpoints.isPending ? <p className="muted">Loading…</p> : null}
      {endpoints.data?.length === 0 ? <p className="muted">No endpoints yet.</p> : null}
      <ul className="kv">
        {endpoints.data?.map((endpoint) => (
          <li key={endpoint.id} style={{ flexWrap: "wrap", gap: "0.5rem" }}>
            <span style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              <Link href={`/settings/webhooks/${encodeURIComponent(endpoint.id)}`}>{endpoint.url}</Link>{" "}
              <span className={`badge ${endpoint.enabled ? "badge-completed" : "badge-failed"}`}>{endpoint.enabled ? "enabled" : "disabled"}</span>
              <br />
              <span className="muted">
                {endpoint.description ? `${endpoint.description} · ` : ""}
                {endpoint.eventTypes.length ? endpoint.eventTypes.join(", ") : "all event types"}
                {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ""}
              </span>
            </span>
            <span className="row">
              <button type="button" className="secondary" disabled={!endpoint.enabled || sendTest.isPending} onClick={() => sendTest.mutate(endpoint.id)}>
                Send test
              </button>
              <button type="button" className="secondary" disabled={setEnabled.isPending} onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
                {endpoint.enabled ? "Disable" : "Enable"}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
};

export const WebhookEndpoints = () => (
  <div className="grid-2">
    <NewEndpoint />
    <EndpointList />
  </div>
);

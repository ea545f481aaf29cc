"use client";

// One webhook endpoint: its settings, enable/disable, test send, secret rotation, and the delivery
// log (one row per attempt: state, status code, duration), refreshed every two seconds.
import { useState } from "react";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { formatDateTime } from "@/lib/format";
import type { TWebhookEndpoint, TWebhookWithSecret } from "@/lib/webhooks/schemas";
import { SecretOnce } from "./secret-once";
import { useDeliveries, useRotateSecret, useSendTest, useSetEnabled, useWebhook } from "./use-webhooks";

const STATE_BADGE: Record<string, string> = { succeeded: "badge-completed", failed: "badge-failed", cancelled: "badge-cancelled", pending: "badge-pending" };

export const WebhookDetail = ({ initial }: { initial: TWebhookEndpoint }) => {
  const endpoint = useWebhook(initial.id, initial).data;
  const deliveries = useDeliveries(initial.id);
  const setEnabled = useSetEnabled();
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  const [secret, setSecret] = useState<TWebhookWithSecret>();

  return (
    <div className="stack">
      <section className="card" aria-labelledby="endpoint-settings">
        <h2 id="endpoint-settings" className="card-title">Endpoint</h2>
        <ul className="kv">
          <li style={{ gap: "1rem" }}>
            <span>URL</span>
            <span style={{ overflowWrap: "anywhere", minWidth: 0, textAlign: "right" }}>{endpoint.url}</span>
          </li>
          <li style={{ gap: "1rem" }}>
            <span>State</span>
            <span style={{ textAlign: "right" }}>
              <span className={`badge ${endpoint.enabled ? "badge-completed" : "badge-failed"}`}>{endpoint.enabled ? "enabled" : "disabled"}</span>
              {endpoint.disabledReason ? <span className="muted"> {endpoint.disabledReason}</span> : null}
            </span>
          </li>
          <li style={{ gap: "1rem" }}>
            <span>Event types</span>
            <span style={{ textAlign: "right" }}>{endpoint.eventTypes.length ? endpoint.eventTypes.join(", ") : "all"}</span>
          </li>
          {endpoint.description ? (
            <li style={{ gap: "1rem" }}>
              <span>Description</span>
              <span style={{ textAlign: "right" }}>{endpoint.description}</span>
            </li>
          ) : null}
          <li style={{ gap: "1rem" }}>
            <span>Failures in a row</span>
            <span style={{ textAlign: "right" }}>{endpoint.consecutiveFailures}</span>
          </li>
        </ul>
        <ProblemAlert error={setEnabled.error ?? sendTest.error ?? rotate.error} />
        <div className="toolbar">
          <button type="button" disabled={!endpoint.enabled || sendTest.isPending} onClick={() => sendTest.mutate(endpoint.id)}>
            Send test
          </button>
          <button type="button" className="secondary" disabled={setEnabled.isPending} onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
            {endpoint.enabled ? "Disable" : "Enable"}
          </button>
          <ConfirmButton
            label="Rotate secret"
            confirmLabel="Rotate"
            danger={false}
            question="Make a new signing secret? The current one keeps signing beside it for a grace period, so receivers can switch."
            onConfirm={async () => setSecret(await rotate.mutateAsync(endpoint.id))}
          />
        </div>
        {secret ? <SecretOnce secret={secret.secret} /> : null}
      </section>
      <section className="card" aria-labelledby="delivery-log">
        <h2 id="delivery-log" className="card-title">Delivery log</h2>
        <ProblemAlert error={deliveries.error} />
        {deliveries.data?.length === 0 ? <p className="muted">Nothing delivered yet. Send a test to try the endpoint.</p> : null}
        {deliveries.data?.length ? (
          <ScrollRegion label="Delivery attempts">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Attempt</th>
                  <th scope="col">State</th>
                  <th scope="col">Status</th>
                  <th scope="col">Time</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{formatDateTime(delivery.startedAt ?? delivery.scheduledAt)}</td>
                    <td>
                      <code>{delivery.eventType}</code>
                    </td>
                    <td>{delivery.attempt}</td>
                    <td>
                      <span className={`badge ${STATE_BADGE[delivery.state]}`}>{delivery.state}</span>
                    </td>
                    <td>{delivery.statusCode ?? "—"}</td>
                    <td>{delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}</td>
                    <td className="muted">{delivery.error ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </section>
    </div>
  );
};

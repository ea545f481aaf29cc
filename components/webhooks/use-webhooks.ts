"use client";

// Reads and writes of webhook endpoints for the settings pages (react-query over the API).
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TWebhookDelivery, TWebhookEndpoint, TWebhookWithSecret } from "@/lib/webhooks/schemas";
import { useWrite } from "@/components/shared/use-resource";

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  detail: (id: string) => [...webhookKeys.all, "detail", id] as const,
  deliveries: (id: string) => [...webhookKeys.all, "deliveries", id] as const,
};

export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list(), queryFn: () => apiFetch<TWebhookEndpoint[]>("/api/webhooks?limit=1000") });

export const useWebhook = (id: string, initial: TWebhookEndpoint) =>
  useQuery({ queryKey: webhookKeys.detail(id), queryFn: () => apiFetch<TWebhookEndpoint>(path(id)), initialData: initial });

/** The delivery log, refreshed every two seconds so that a test's outcome shows without a reload. */
export const useDeliveries = (id: string) =>
  useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => apiFetch<TWebhookDelivery[]>(`${path(id)}/deliveries?limit=50`), refetchInterval: 2_000 });

export const useCreateWebhook = () => useWrite(webhookKeys.all, (body: unknown) => apiFetch<TWebhookWithSecret>("/api/webhooks", { method: "POST", body }), "Webhook endpoint created");

export const useSetEnabled = () =>
  useWrite(
    webhookKeys.all,
    ({ id, enabled }: { id: string; enabled: boolean }) => apiFetch<TWebhookEndpoint>(path(id), { method: "PATCH", body: { enabled } }),
    (_, { enabled }) => (enabled ? "Endpoint enabled" : "Endpoint disabled"),
  );

export const useSendTest = () => useWrite(webhookKeys.all, (id: string) => apiFetch<TWebhookDelivery>(`${path(id)}/test`, { method: "POST" }), "Test queued: watch the delivery log");

export const useRotateSecret = () => useWrite(webhookKeys.all, (id: string) => apiFetch<TWebhookWithSecret>(`${path(id)}/rotate-secret`, { method: "POST" }), "New secret made");

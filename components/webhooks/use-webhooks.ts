"use client";

// Reads and writes of webhook endpoints for the settings pages (react-query over the API).
import { useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap, type JsonBody } from "@/lib/client/dashboard";
import type { TCreateWebhookBody, TWebhookEndpoint } from "@/lib/webhooks/schemas";
import { useWrite } from "@/components/shared/use-resource";

const api = dashboardApi();
const byId = (webhookId: string) => ({ params: { path: { webhookId } } });

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  detail: (id: string) => [...webhookKeys.all, "detail", id] as const,
  deliveries: (id: string) => [...webhookKeys.all, "deliveries", id] as const,
};

export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list(), queryFn: () => unwrap(api.GET("/api/webhooks", { params: { query: { limit: 1000 } } })) });

export const useWebhook = (id: string, initial: TWebhookEndpoint) =>
  useQuery({ queryKey: webhookKeys.detail(id), queryFn: () => unwrap(api.GET("/api/webhooks/{webhookId}", byId(id))), initialData: initial });

/** The delivery log, refreshed every two seconds so that a test's outcome shows without a reload. */
export const useDeliveries = (id: string) =>
  useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => unwrap(api.GET("/api/webhooks/{webhookId}/deliveries", { params: { path: { webhookId: id }, query: { limit: 50 } } })), refetchInterval: 2_000 });

// The shared schema checks event types at run time (a refine against the catalog), so its static type is
// string[]; the document lists them as an enum.
type EventTypes = JsonBody<"/api/webhooks", "post">["eventTypes"];

export const useCreateWebhook = () =>
  useWrite(webhookKeys.all, (body: TCreateWebhookBody) => unwrap(api.POST("/api/webhooks", { body: { ...body, eventTypes: body.eventTypes as EventTypes } })), "Webhook endpoint created");

export const useSetEnabled = () =>
  useWrite(
    webhookKeys.all,
    ({ id, enabled }: { id: string; enabled: boolean }) => unwrap(api.PATCH("/api/webhooks/{webhookId}", { ...byId(id), body: { enabled } })),
    (_, { enabled }) => (enabled ? "Endpoint enabled" : "Endpoint disabled"),
  );

export const useSendTest = () => useWrite(webhookKeys.all, (id: string) => unwrap(api.POST("/api/webhooks/{webhookId}/test", byId(id))), "Test queued: watch the delivery log");

export const useRotateSecret = () => useWrite(webhookKeys.all, (id: string) => unwrap(api.POST("/api/webhooks/{webhookId}/rotate-secret", byId(id))), "New secret made");

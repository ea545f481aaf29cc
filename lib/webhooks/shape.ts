// Rows to API shapes. The secret never leaves through these: it is added to the answers of create
// and rotate only.
import type { Prisma } from "../db";
import type { TWebhookDelivery, TWebhookEndpoint } from "./schemas";

/** The endpoint columns every answer reads (never the secrets). */
export const ENDPOINT_COLUMNS = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  disabledReason: true,
  disabledAt: true,
  consecutiveFailures: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.WebhookEndpointSelect;

type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_COLUMNS }>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toWebhookEndpoint = (row: EndpointRow): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes ?? [],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: iso(row.disabledAt),
  consecutiveFailures: row.consecutiveFailures,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<object>;

export const toWebhookDelivery = (row: DeliveryRow): TWebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType,
  attempt: row.attempt,
  state: row.state.toLowerCase() as TWebhookDelivery["state"],
  scheduledAt: row.scheduledAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
  statusCode: row.statusCode,
  durationMs: row.durationMs,
  error: row.error,
  responseBody: row.responseBody,
  createdAt: row.createdAt.toISOString(),
});

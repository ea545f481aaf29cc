// Webhook endpoints and their delivery log: request and response shapes (zod 4). Client-safe: the
// settings page validates its form with these.
//
// The event types an endpoint may ask for are the whole catalog's, which lists every area (this one
// included) and so lives above the areas (lib/events/catalog.ts): they are read here from the
// outbox's registry when a body is checked, not when this module loads. Unregistered, a check
// throws rather than answer from a partial list (docs/events.md, "Registration").
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { readAtBuild } from "../core/primitives";
import { CURSOR_OF_ANOTHER_SORT, cursorMatchesSort, type TSort } from "../core/sorting";
import { eventCatalog } from "../outbox/catalog";

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_TYPES_MAX = 100;

export const ZWebhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }))
  .meta({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+" })
  .describe("Where events are POSTed: an http:// or https:// URL that does not resolve to a private address (unless the server allows them)");

// Private events (a user's own jobs and wallets) are never delivered: an endpoint cannot ask for them.
const deliverableTypes = () => {
  const { types, privateTypes } = eventCatalog();
  return types.filter((type) => !privateTypes.includes(type));
};

const ZEventType = z
  .string()
  .refine((type) => !eventCatalog().privateTypes.includes(type), {
    error: (issue) => `'${String(issue.input).slice(0, 100)}' is private to its owner and never delivered to webhooks`,
  })
  .refine((type) => eventCatalog().types.includes(type), {
    error: (issue) => `'${String(issue.input).slice(0, 100)}' is not an event type; known types: ${deliverableTypes().join(", ")}`,
  })
  .meta({ enum: readAtBuild(deliverableTypes) });

export const ZWebhookEventTypes = z
  .array(ZEventType)
  .max(WEBHOOK_TYPES_MAX, `must list at most ${WEBHOOK_TYPES_MAX} types`)
  .transform((types) => [...new Set(types)])
  .describe("The event types delivered to it; empty or absent: every type");

const ZDescription = z.string().trim().max(500, "must be at most 500 characters").describe("What the endpoint is for");

export const ZCreateWebhookBody = z.object({
  url: ZWebhookUrl,
  description: ZDescription.default(""),
  eventTypes: ZWebhookEventTypes.default([]),
});
export type TCreateWebhookBody = z.input<typeof ZCreateWebhookBody>;

export const ZUpdateWebhookBody = z.object({
  url: ZWebhookUrl.optional(),
  description: ZDescription.optional(),
  eventTypes: ZWebhookEventTypes.optional(),
  enabled: z.boolean().optional().describe("false stops deliveries (pending ones are cancelled); true resumes them for new events"),
});
export type TUpdateWebhookBody = z.output<typeof ZUpdateWebhookBody>;

export const ZWebhookParams = z.object({
  webhookId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be a webhook endpoint id").describe("Webhook endpoint id (whe_…)"),
});

export const ZWebhookEndpoint = z.object({
  id: z.string().describe("Endpoint id (whe_…)"),
  url: z.string().describe("Where events are POSTed"),
  description: z.string().describe("What the endpoint is for"),
  eventTypes: z.array(z.string()).describe("The event types delivered to it; empty: every type"),
  enabled: z.boolean().describe("Whether new events are delivered to it"),
  disabledReason: z.string().nullable().describe("Why it is disabled (by an operator, or after sustained failure)"),
  disabledAt: z.string().nullable().describe("When it was disabled (ISO 8601)"),
  consecutiveFailures: z.number().int().describe("Failed attempts in a row since the last success"),
  createdBy: z.string().nullable().describe("The user id of the operator who registered it"),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookWithSecret = ZWebhookEndpoint.extend({
  secret: z.string().describe("The signing secret (whsec_ + base64), shown only in this answer: store it now"),
});
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const WEBHOOK_DELIVERY_STATES = ["pending", "succeeded", "failed", "cancelled"] as const;
export const ZWebhookDeliveryState = z
  .enum(WEBHOOK_DELIVERY_STATES)
  .describe("pending: queued (or waiting behind an earlier delivery); succeeded: a 2xx answer; failed: this attempt failed; cancelled: not sent, the endpoint was disabled");

export const ZWebhookDelivery = z.object({
  id: z.string().describe("Delivery attempt id (whd_…)"),
  endpointId: z.string(),
  eventId: z.string().describe("The event's id: the webhook-id header, the same for every attempt"),
  eventType: z.string(),
  attempt: z.number().int().describe("1 for the first try, then 2, 3, …"),
  state: ZWebhookDeliveryState,
  scheduledAt: z.string().describe("Not sent before this time (ISO 8601)"),
  startedAt: z.string().nullable().describe("When the request started (ISO 8601)"),
  finishedAt: z.string().nullable().describe("When the attempt ended (ISO 8601)"),
  statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer came"),
  durationMs: z.number().int().nullable().describe("How long the attempt took"),
  error: z.string().nullable().describe("Why it failed, when it did"),
  responseBody: z.string().nullable().describe("The start of the receiver's answer (at most 1 KiB)"),
  createdAt: z.string().describe("ISO 8601"),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** The delivery log runs newest first (ties by id), so that the latest attempts open the first page. */
export const DELIVERY_LOG_ORDER: TSort = { text: "-createdAt", column: { column: "createdAt", kind: "date" }, desc: true };

// The log's cursors carry its one order; any other cursor is refused (400 at query.cursor).
export const ZWebhookDeliveryListQuery = ZSortablePageQuery.extend({
  state: ZWebhookDeliveryState.optional().describe("Only attempts in this state"),
}).refine((query) => cursorMatchesSort({ cursor: query.cursor, sort: DELIVERY_LOG_ORDER }), CURSOR_OF_ANOTHER_SORT);
export type TWebhookDeliveryListQuery = z.output<typeof ZWebhookDeliveryListQuery>;

// The event types an endpoint may filter on, for forms: DELIVERABLE_EVENT_TYPES of lib/events/catalog.ts.

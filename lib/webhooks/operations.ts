// API operations of webhook endpoints, gathered into the OpenAPI document. All are for operators:
// endpoint URLs and the delivery log are sensitive (a URL may carry a token).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZPageQuery } from "../core/paging";
import {
  ZCreateWebhookBody,
  ZUpdateWebhookBody,
  ZWebhookDelivery,
  ZWebhookDeliveryListQuery,
  ZWebhookEndpoint,
  ZWebhookParams,
  ZWebhookWithSecret,
} from "./schemas";
import type { TCreateWebhookBody, TUpdateWebhookBody, TWebhookDelivery, TWebhookEndpoint, TWebhookWithSecret } from "./schemas";

// The document's examples: one endpoint (its secrets made up, in the real format: whsec_ + base64 of
// 32 bytes), its filter widened, and its delivery log with a retried attempt and a test.
const WEBHOOK_ID = "whe_4b7e2f1a9c3d4e5f8a6b7c8d9e0f1a2b";
const CREATE_EXAMPLE = {
  url: "https://hooks.example.com/syndicate",
  description: "Task and deployment alerts for the operations channel",
  eventTypes: ["task.status_changed", "deployment.status_changed"],
} satisfies TCreateWebhookBody;
const ENDPOINT_EXAMPLE: TWebhookEndpoint = {
  id: WEBHOOK_ID,
  ...CREATE_EXAMPLE,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  consecutiveFailures: 0,
  createdBy: "8d0f6a2e-3c4b-4f1a-9e7d-2b5c6a1f0e93",
  createdAt: "2026-10-28T14:05:00.000Z",
  updatedAt: "2026-10-28T14:05:00.000Z",
};
const CREATED_EXAMPLE: TWebhookWithSecret = { ...ENDPOINT_EXAMPLE, secret: "whsec_ExampleOnlyNotARealSigningSecretDoNotUse000=" };
const UPDATE_EXAMPLE = { eventTypes: [...CREATE_EXAMPLE.eventTypes, "task.overdue"] } satisfies TUpdateWebhookBody;
const UPDATED_EXAMPLE: TWebhookEndpoint = { ...ENDPOINT_EXAMPLE, ...UPDATE_EXAMPLE, updatedAt: "2026-11-02T08:10:00.000Z" };
const ROTATED_EXAMPLE: TWebhookWithSecret = {
  ...ENDPOINT_EXAMPLE,
  updatedAt: "2026-11-03T08:00:00.000Z",
  secret: "whsec_ExampleOnlyRotatedSigningSecretDoNotUse0000=",
};
const TEST_DELIVERY_EXAMPLE: TWebhookDelivery = {
  id: "whd_0c5e8a3f7b2d4c1e9f6a8b7c5d4e3f21",
  endpointId: WEBHOOK_ID,
  eventId: "evt_2b9d4f6a8c1e4a7b9d3f5a6c8e0b2d41",
  eventType: "webhook.test",
  attempt: 1,
  state: "pending",
  scheduledAt: "2026-11-03T08:15:00.000Z",
  startedAt: null,
  finishedAt: null,
  statusCode: null,
  durationMs: null,
  error: null,
  responseBody: null,
  createdAt: "2026-11-03T08:15:00.000Z",
};
const FAILED_DELIVERY_EXAMPLE: TWebhookDelivery = {
  id: "whd_9a1f3c5e7b2d4f6a8c0e1b3d5f7a9c2e",
  endpointId: WEBHOOK_ID,
  eventId: "evt_7e19aa1078b54b3abe47827935646390",
  eventType: "task.status_changed",
  attempt: 1,
  state: "failed",
  scheduledAt: "2026-11-01T11:48:40.000Z",
  startedAt: "2026-11-01T11:48:40.612Z",
  finishedAt: "2026-11-01T11:48:40.796Z",
  statusCode: 503,
  durationMs: 184,
  error: "the receiver answered 503",
  responseBody: "Service Unavailable",
  createdAt: "2026-11-01T11:48:40.000Z",
};
const RETRIED_DELIVERY_EXAMPLE: TWebhookDelivery = {
  ...FAILED_DELIVERY_EXAMPLE,
  id: "whd_3d7b1e9f5a2c4e8b6d0f2a4c6e8b1d3f",
  attempt: 2,
  state: "succeeded",
  scheduledAt: "2026-11-01T11:48:45.796Z",
  startedAt: "2026-11-01T11:48:45.903Z",
  finishedAt: "2026-11-01T11:48:46.044Z",
  statusCode: 200,
  durationMs: 141,
  error: null,
  responseBody: "ok",
  createdAt: "2026-11-01T11:48:40.796Z",
};

const tags = ["Webhooks"];
const NOT_FOUND = { 404: "No such webhook endpoint" };

export const listWebhooksOperation = defineOperation({
  method: "GET",
  path: "/api/webhooks",
  operationId: "listWebhooks",
  summary: "List webhook endpoints (never their secrets)",
  description:
    "One page of the registered endpoints, ordered by id: each with its URL, event filter, whether it is enabled (and if not, why and since when) and its count of failed attempts in a row. Never their secrets: a secret is shown only when the endpoint is created or its secret rotated.",
  example: { query: { limit: "20" }, response: [ENDPOINT_EXAMPLE] },
  tags,
  access: "operator",
  query: ZPageQuery,
  paged: true,
  responses: { 200: { description: "One page of endpoints", schema: z.array(ZWebhookEndpoint) } },
});

export const createWebhookOperation = defineOperation({
  method: "POST",
  path: "/api/webhooks",
  operationId: "createWebhook",
  secretAnswer: true,
  summary: "Register a webhook endpoint; the answer carries its signing secret, shown this once",
  description:
    "Registers an endpoint: each shared event of the listed `eventTypes` (all types when empty or absent) is then POSTed to `url`, signed the Standard Webhooks way with the `secret` in this answer, and retried with back-off while it fails. The URL must be http(s) and must not resolve to a private, loopback or link-local address. Store the secret now: it is not shown again (`POST /api/webhooks/{webhookId}/rotate-secret` issues a new one).",
  example: { body: CREATE_EXAMPLE, response: CREATED_EXAMPLE },
  tags,
  access: "operator",
  body: ZCreateWebhookBody,
  responses: { 201: { description: "The endpoint with its secret (store it now)", schema: ZWebhookWithSecret } },
  errors: { 422: "The URL's host does not resolve, or resolves to a private, loopback or link-local address" },
});

export const getWebhookOperation = defineOperation({
  method: "GET",
  path: "/api/webhooks/{webhookId}",
  operationId: "getWebhook",
  summary: "A webhook endpoint (never its secret)",
  description:
    "One endpoint: its URL, description and event filter, whether it is enabled (with the reason and time it was disabled, by an operator or after sustained failure) and its count of failed attempts in a row. Never its secret.",
  example: { params: { webhookId: WEBHOOK_ID }, response: ENDPOINT_EXAMPLE },
  tags,
  access: "operator",
  params: ZWebhookParams,
  responses: { 200: { description: "The endpoint", schema: ZWebhookEndpoint } },
  errors: NOT_FOUND,
});

export const updateWebhookOperation = defineOperation({
  method: "PATCH",
  path: "/api/webhooks/{webhookId}",
  operationId: "updateWebhook",
  summary: "Change a webhook endpoint's URL, description, event types or enabled flag (fields left out stay)",
  description:
    "Changes the fields sent; the others stay. `enabled: false` stops deliveries and cancels the pending ones; `enabled: true` resumes them for new events and clears the failure count and the reason (deliveries cancelled meanwhile are not sent). A new `url` is checked as at registration.",
  example: { params: { webhookId: WEBHOOK_ID }, body: UPDATE_EXAMPLE, response: UPDATED_EXAMPLE },
  tags,
  access: "operator",
  params: ZWebhookParams,
  body: ZUpdateWebhookBody,
  responses: { 200: { description: "The endpoint after the change", schema: ZWebhookEndpoint } },
  errors: { ...NOT_FOUND, 422: "The URL's host does not resolve, or resolves to a private, loopback or link-local address" },
});

export const deleteWebhookOperation = defineOperation({
  method: "DELETE",
  path: "/api/webhooks/{webhookId}",
  operationId: "deleteWebhook",
  summary: "Remove a webhook endpoint and its delivery log",
  description:
    "Removes the endpoint with its whole delivery log; deliveries still queued for it are not sent. To pause deliveries while keeping the log, disable it with `PATCH /api/webhooks/{webhookId}` instead.",
  example: { params: { webhookId: WEBHOOK_ID } },
  tags,
  access: "operator",
  params: ZWebhookParams,
  responses: { 204: { description: "Removed" } },
  errors: NOT_FOUND,
});

export const rotateWebhookSecretOperation = defineOperation({
  method: "POST",
  path: "/api/webhooks/{webhookId}/rotate-secret",
  operationId: "rotateWebhookSecret",
  secretAnswer: true,
  summary: "Replace an endpoint's signing secret; the new one is shown this once, the old one keeps signing beside it for a grace period",
  description:
    "Issues a new signing secret, shown only in this answer. For a grace period (a day by default) the previous secret keeps signing beside the new one, as a second entry in `webhook-signature`, so the receiver can switch without losing deliveries.",
  example: { params: { webhookId: WEBHOOK_ID }, response: ROTATED_EXAMPLE },
  tags,
  access: "operator",
  params: ZWebhookParams,
  responses: { 200: { description: "The endpoint with its new secret", schema: ZWebhookWithSecret } },
  errors: NOT_FOUND,
});

export const testWebhookOperation = defineOperation({
  method: "POST",
  path: "/api/webhooks/{webhookId}/test",
  operationId: "testWebhook",
  summary: "Send a webhook.test event to this endpoint only; answered at once with the queued delivery",
  description:
    "Records a `webhook.test` event, visible only to the caller, and queues its delivery to this endpoint alone, whatever its event filter; the answer is the queued attempt. Its outcome (status code, duration, the start of the receiver's answer) then shows in `GET /api/webhooks/{webhookId}/deliveries`. The endpoint must be enabled.",
  example: { params: { webhookId: WEBHOOK_ID }, response: TEST_DELIVERY_EXAMPLE },
  tags,
  access: "operator",
  agentRoles: ["Healer"],
  params: ZWebhookParams,
  responses: { 202: { description: "The queued delivery; its outcome appears in the delivery log", schema: ZWebhookDelivery } },
  errors: { ...NOT_FOUND, 409: "The endpoint is disabled" },
});

export const listWebhookDeliveriesOperation = defineOperation({
  method: "GET",
  path: "/api/webhooks/{webhookId}/deliveries",
  operationId: "listWebhookDeliveries",
  summary: "An endpoint's delivery log, newest first: one entry per attempt, with status code and duration",
  description:
    "The endpoint's delivery log, newest first, optionally only the attempts in one `state`. Each attempt is one entry: a failed attempt's retry is a new entry with the next `attempt` number, the same `eventId` and a later `scheduledAt`. An entry has the receiver's status code, the duration, the error and the first KiB of the answer.",
  example: { params: { webhookId: WEBHOOK_ID }, query: { limit: "20" }, response: [RETRIED_DELIVERY_EXAMPLE, FAILED_DELIVERY_EXAMPLE] },
  tags,
  access: "operator",
  params: ZWebhookParams,
  query: ZWebhookDeliveryListQuery,
  paged: true,
  responses: { 200: { description: "One page of delivery attempts", schema: z.array(ZWebhookDelivery) } },
  errors: NOT_FOUND,
});

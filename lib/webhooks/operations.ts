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

const tags = ["Webhooks"];
const NOT_FOUND = { 404: "No such webhook endpoint" };

export const listWebhooksOperation = defineOperation({
  method: "GET",
  path: "/api/webhooks",
  operationId: "listWebhooks",
  summary: "List webhook endpoints (never their secrets)",
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
  tags,
  access: "operator",
  params: ZWebhookParams,
  query: ZWebhookDeliveryListQuery,
  paged: true,
  responses: { 200: { description: "One page of delivery attempts", schema: z.array(ZWebhookDelivery) } },
  errors: NOT_FOUND,
});

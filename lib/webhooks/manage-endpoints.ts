// Registering, changing, rotating and removing webhook endpoints (operators only; see operations.ts).
import { randomUUID } from "node:crypto";
import { prisma } from "../db";
import { AppError, notFound } from "../core/errors";
import { webhooksConfig } from "./config";
import { cancelPendingDeliveries } from "./delivery-job";
import { ENDPOINT_COLUMNS, toWebhookEndpoint } from "./shape";
import { newWebhookSecret } from "./send-webhook";
import { assertDeliverableUrl } from "./check-delivery-url";
import type { TCreateWebhookBody, TUpdateWebhookBody, TWebhookEndpoint, TWebhookWithSecret } from "./schemas";
import { ZCreateWebhookBody } from "./schemas";

const missing = (id: string) => notFound("Webhook endpoint", id);

/** Registers an endpoint; the answer carries its secret, which is never shown again (until a rotation). */
export const createWebhookEndpoint = async (input: TCreateWebhookBody, createdBy: string | null): Promise<TWebhookWithSecret> => {
  const body = ZCreateWebhookBody.parse(input);
  await assertDeliverableUrl(body.url, webhooksConfig().WEBHOOKS_ALLOW_PRIVATE_URLS);
  const secret = newWebhookSecret();
  const row = await prisma.webhookEndpoint.create({
    data: { id: `whe_${randomUUID().replaceAll("-", "")}`, url: body.url, description: body.description, eventTypes: body.eventTypes, secret, createdBy },
    select: ENDPOINT_COLUMNS,
  });
  return { ...toWebhookEndpoint(row), secret };
};

/**
 * Changes an endpoint. Disabling cancels its pending deliveries; enabling clears the failure count
 * and the reason (deliveries cancelled meanwhile are not sent again).
 */
export const updateWebhookEndpoint = async (id: string, body: TUpdateWebhookBody): Promise<TWebhookEndpoint> => {
  if (body.url !== undefined) await assertDeliverableUrl(body.url, webhooksConfig().WEBHOOKS_ALLOW_PRIVATE_URLS);
  return prisma.$transaction(async (tx) => {
    const current = await tx.webhookEndpoint.findUnique({ where: { id }, select: { enabled: true } });
    if (!current) throw missing(id);
    const toggled = body.enabled !== undefined && body.enabled !== current.enabled;
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.eventTypes !== undefined ? { eventTypes: body.eventTypes } : {}),
        ...(toggled && body.enabled ? { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null } : {}),
        ...(toggled && !body.enabled ? { enabled: false, disabledReason: "Disabled by an operator.", disabledAt: new Date() } : {}),
      },
      select: ENDPOINT_COLUMNS,
    });
    if (toggled && !body.enabled) await cancelPendingDeliveries(tx, id, "The endpoint was disabled by an operator.");
    return toWebhookEndpoint(row);
  });
};

/** Removes an endpoint and its delivery log; its queued jobs find nothing to send. */
export const deleteWebhookEndpoint = async (id: string) => {
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id } });
  if (count === 0) throw missing(id);
};

/**
 * A new secret, answered this once. The previous one keeps signing beside it (two entries in
 * webhook-signature) for WEBHOOKS_SECRET_GRACE, so receivers can switch without losing deliveries.
 */
export const rotateWebhookSecret = async (id: string): Promise<TWebhookWithSecret> => {
  const secret = newWebhookSecret();
  const grace = webhooksConfig().WEBHOOKS_SECRET_GRACE;
  return prisma.$transaction(async (tx) => {
    const current = await tx.webhookEndpoint.findUnique({ where: { id }, select: { secret: true } });
    if (!current) throw missing(id);
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: { secret, previousSecret: grace > 0 ? current.secret : null, previousSecretUntil: grace > 0 ? new Date(Date.now() + grace) : null },
      select: ENDPOINT_COLUMNS,
    });
    return { ...toWebhookEndpoint(row), secret };
  });
};

/** 409 unless the endpoint is enabled (a test to a disabled endpoint would never be sent). */
export const requireEnabled = (endpoint: { id: string; enabled: boolean }) => {
  if (!endpoint.enabled) throw new AppError("conflict", `Webhook endpoint '${endpoint.id}' is disabled; enable it before sending a test.`);
};

// Reading webhook endpoints and their delivery log (operators only: URLs can carry tokens).
import { prisma, type Prisma } from "../db";
import { notFound } from "../core/errors";
import { toPage, type Page, type TPageQuery } from "../core/paging";
import { sortedPageArgs } from "../core/sorting";
import { ENDPOINT_COLUMNS, toWebhookDelivery, toWebhookEndpoint } from "./shape";
import { DELIVERY_LOG_ORDER, type TWebhookDelivery, type TWebhookDeliveryListQuery, type TWebhookEndpoint } from "./schemas";

export const listWebhookEndpoints = async (page: TPageQuery): Promise<Page<TWebhookEndpoint>> => {
  const [rows, total] = await Promise.all([prisma.webhookEndpoint.findMany({ ...sortedPageArgs(page, {}), select: ENDPOINT_COLUMNS }), prisma.webhookEndpoint.count()]);
  const result = toPage(rows, total, page.limit);
  return { ...result, items: result.items.map(toWebhookEndpoint) };
};

/** The endpoint, or undefined (pages answer their own 404). */
export const findWebhookEndpoint = async (id: string): Promise<TWebhookEndpoint | undefined> => {
  const row = await prisma.webhookEndpoint.findUnique({ where: { id }, select: ENDPOINT_COLUMNS });
  return row ? toWebhookEndpoint(row) : undefined;
};

export const getWebhookEndpoint = async (id: string): Promise<TWebhookEndpoint> => {
  const endpoint = await findWebhookEndpoint(id);
  if (!endpoint) throw notFound("Webhook endpoint", id);
  return endpoint;
};


/** One page of an endpoint's delivery log, newest first; 404 for an unknown endpoint. */
export const listWebhookDeliveries = async (endpointId: string, query: TWebhookDeliveryListQuery): Promise<Page<TWebhookDelivery>> => {
  const where: Prisma.WebhookDeliveryWhereInput = { endpointId, ...(query.state ? { state: query.state.toUpperCase() as Prisma.WebhookDeliveryWhereInput["state"] } : {}) };
  const [endpoint, rows, total] = await Promise.all([
    prisma.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { id: true } }),
    prisma.webhookDelivery.findMany(sortedPageArgs({ ...query, sort: DELIVERY_LOG_ORDER }, where)),
    prisma.webhookDelivery.count({ where }),
  ]);
  if (!endpoint) throw notFound("Webhook endpoint", endpointId);
  const page = toPage(rows, total, query.limit, DELIVERY_LOG_ORDER);
  return { ...page, items: page.items.map(toWebhookDelivery) };
};

import { prisma } from "../db";
import { idMismatch, notFound } from "../core/errors";
import { recordEvent } from "../outbox";
import type { TMarketplaceItemBody } from "./schemas";
import { toItemColumns, toMarketplaceItem } from "./shape";

/**
 * Replaces an item's details and commerce terms (and its usage statistics when the body carries
 * them), and records marketplace_item.updated with the item as it now is, in one transaction. The
 * body's id must be the path's (400); an unknown id is a 404.
 */
export const updateMarketplaceItem = async (marketplaceId: string, body: TMarketplaceItemBody): Promise<void> => {
  if (body.id !== marketplaceId) throw idMismatch(marketplaceId, body.id);
  await prisma.$transaction(async (tx) => {
    const [row] = await tx.marketplaceItem.updateManyAndReturn({ where: { id: marketplaceId }, data: toItemColumns(body, true) });
    if (!row) throw notFound("Marketplace item", marketplaceId);
    await recordEvent(tx, { type: "marketplace_item.updated", entityId: marketplaceId, data: toMarketplaceItem(row) });
  });
};

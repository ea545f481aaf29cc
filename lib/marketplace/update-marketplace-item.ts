import { prisma } from "../db";
import { idMismatch, notFound } from "../core/errors";
import type { TMarketplaceItemBody } from "./schemas";
import { toItemColumns } from "./shape";

/**
 * Replaces an item's details and commerce terms (and its usage statistics when the body carries
 * them). The body's id must be the path's (400); an unknown id is a 404.
 */
export const updateMarketplaceItem = async (marketplaceId: string, body: TMarketplaceItemBody): Promise<void> => {
  if (body.id !== marketplaceId) throw idMismatch(marketplaceId, body.id);
  const updated = await prisma.marketplaceItem.updateMany({ where: { id: marketplaceId }, data: toItemColumns(body, true) });
  if (updated.count === 0) throw notFound("Marketplace item", marketplaceId);
};

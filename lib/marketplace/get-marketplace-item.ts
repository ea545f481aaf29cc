import { prisma } from "../db";
import { notFound } from "../core/errors";
import type { TMarketplaceItem } from "./schemas";
import { toMarketplaceItem } from "./shape";

export const findMarketplaceItem = async (marketplaceId: string): Promise<TMarketplaceItem | null> => {
  const row = await prisma.marketplaceItem.findUnique({ where: { id: marketplaceId } });
  return row ? toMarketplaceItem(row) : null;
};

/** The item with its commerce terms and usage statistics; 404 when there is none. */
export const getMarketplaceItem = async (marketplaceId: string): Promise<TMarketplaceItem> => {
  const item = await findMarketplaceItem(marketplaceId);
  if (!item) throw notFound("Marketplace item", marketplaceId);
  return item;
};

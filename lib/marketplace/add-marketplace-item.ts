import { prisma } from "../db";
import { alreadyExists } from "../core/errors";
import type { TMarketplaceItem, TMarketplaceItemBody } from "./schemas";
import { toItemColumns, toMarketplaceItem } from "./shape";

/** Lists a new item; an existing id is a 409. */
export const addMarketplaceItem = async (body: TMarketplaceItemBody): Promise<TMarketplaceItem> => {
  if (await prisma.marketplaceItem.findUnique({ where: { id: body.id }, select: { id: true } })) throw alreadyExists("Marketplace item", body.id);
  // A concurrent create with the same id still fails on the primary key (P2002 → 409).
  const row = await prisma.marketplaceItem.create({ data: { id: body.id, ...toItemColumns(body) } });
  return toMarketplaceItem(row);
};

import { prisma } from "../db";
import { alreadyExists } from "../core/errors";
import { recordEvent } from "../outbox";
import type { TMarketplaceItem, TMarketplaceItemBody } from "./schemas";
import { toItemColumns, toMarketplaceItem } from "./shape";

/** Lists a new item and records marketplace_item.created, in one transaction; an existing id is a 409. */
export const addMarketplaceItem = async (body: TMarketplaceItemBody): Promise<TMarketplaceItem> =>
  prisma.$transaction(async (tx) => {
    if (await tx.marketplaceItem.findUnique({ where: { id: body.id }, select: { id: true } })) throw alreadyExists("Marketplace item", body.id);
    // A concurrent create with the same id still fails on the primary key (P2002 → 409).
    const item = toMarketplaceItem(await tx.marketplaceItem.create({ data: { id: body.id, ...toItemColumns(body) } }));
    await recordEvent(tx, { type: "marketplace_item.created", entityId: item.id, data: item });
    return item;
  });

import { prisma } from "../db";
import { notFound } from "../core/errors";
import { guardDeletion, recordEvent } from "../outbox";

/**
 * Removes an item. Refused (409, naming them) while tasks that are not final are assigned to
 * it; finished tasks keep their reference as history. Records marketplace_item.deleted.
 */
export const deleteMarketplaceItem = async (marketplaceId: string): Promise<void> =>
  prisma.$transaction(async (tx) => {
    if (!(await guardDeletion(tx, { type: "MarketplaceItem", table: "MarketplaceItem", id: marketplaceId }))) throw notFound("Marketplace item", marketplaceId);
    await tx.marketplaceItem.delete({ where: { id: marketplaceId } });
    await recordEvent(tx, { type: "marketplace_item.deleted", entityId: marketplaceId, data: { id: marketplaceId } });
  });

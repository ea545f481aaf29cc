import { prisma } from "../db";
import { notFound } from "../core/errors";
import { recordEvent } from "../events";
import { guardEntityDeletion } from "../tasks/entities";

/**
 * Removes an item. Refused (409, naming them) while tasks that are not final are assigned to
 * it; finished tasks keep their reference as history. Records marketplace_item.deleted.
 */
export const deleteMarketplaceItem = async (marketplaceId: string): Promise<void> =>
  prisma.$transaction(async (tx) => {
    if (!(await guardEntityDeletion(tx, "MarketplaceItem", marketplaceId))) throw notFound("Marketplace item", marketplaceId);
    await tx.marketplaceItem.delete({ where: { id: marketplaceId } });
    await recordEvent(tx, { type: "marketplace_item.deleted", entityId: marketplaceId, data: { id: marketplaceId } });
  });

import { prisma } from "../db";
import { notFound } from "../core/errors";
import { guardEntityDeletion } from "../tasks/entities";

/**
 * Removes an item. Refused (409, naming them) while tasks that are not final are assigned to
 * it; finished tasks keep their reference as history.
 */
export const deleteMarketplaceItem = async (marketplaceId: string): Promise<void> =>
  prisma.$transaction(async (tx) => {
    if (!(await guardEntityDeletion(tx, "MarketplaceItem", marketplaceId))) throw notFound("Marketplace item", marketplaceId);
    await tx.marketplaceItem.delete({ where: { id: marketplaceId } });
  });

import { prisma } from "../db";
import { AppError, notFound } from "../http/errors";
import type { TMarketplaceItemBody } from "./schemas";
import { toItemColumns } from "./shape";

/**
 * Replaces an item's details and commerce terms (and its usage statistics when the body carries
 * them). The body's id must be the path's (400); an unknown id is a 404.
 */
export const updateMarketplaceItem = async (marketplaceId: string, body: TMarketplaceItemBody): Promise<void> => {
  if (body.id !== marketplaceId) {
    throw new AppError("validation_failed", `The body's id '${body.id}' differs from the path's '${marketplaceId}'.`, {
      errors: [{ path: "body.id", message: `must equal the id in the path ('${marketplaceId}')` }],
    });
  }
  const updated = await prisma.marketplaceItem.updateMany({ where: { id: marketplaceId }, data: toItemColumns(body, true) });
  if (updated.count === 0) throw notFound("Marketplace item", marketplaceId);
};

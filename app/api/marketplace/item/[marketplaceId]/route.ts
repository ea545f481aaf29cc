import { methods, route } from "@/lib/http";
import {
  deleteMarketplaceItem,
  deleteMarketplaceItemOperation,
  getMarketplaceItem,
  getMarketplaceItemOperation,
  updateMarketplaceItem,
  updateMarketplaceItemOperation,
} from "@/lib/marketplace";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/marketplace/item/{marketplaceId} – the item with commerce and usage statistics
  GET: route(getMarketplaceItemOperation, ({ params }) => getMarketplaceItem(params.marketplaceId)),
  // PUT /api/marketplace/item/{marketplaceId} – replace details, commerce and usage statistics
  PUT: route(updateMarketplaceItemOperation, async ({ params, body }) => {
    await updateMarketplaceItem(params.marketplaceId, body);
  }),
  // DELETE /api/marketplace/item/{marketplaceId} – remove it; 409 while open tasks are assigned to it
  DELETE: route(deleteMarketplaceItemOperation, async ({ params }) => {
    await deleteMarketplaceItem(params.marketplaceId);
  }),
});

// The API table's routes of the marketplace (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { addMarketplaceItem, addMarketplaceItemOperation, deleteMarketplaceItem, deleteMarketplaceItemOperation, getMarketplaceItem, getMarketplaceItemOperation, listMarketplaceItems, listMarketplaceItemsOperation, updateMarketplaceItem, updateMarketplaceItemOperation } from "../marketplace";

export const marketplaceRoutes: RouteHandler[] = [
  // POST /api/marketplace/addItem – list a new item; 409 when the id exists
  route(addMarketplaceItemOperation, ({ body }) => addMarketplaceItem(body)),
  // GET /api/marketplace/item/{marketplaceId} – the item with commerce and usage statistics
  route(getMarketplaceItemOperation, ({ params }) => getMarketplaceItem(params.marketplaceId)),
  // PUT /api/marketplace/item/{marketplaceId} – replace details, commerce and usage statistics
  route(updateMarketplaceItemOperation, async ({ params, body }) => {
    await updateMarketplaceItem(params.marketplaceId, body);
  }),
  // DELETE /api/marketplace/item/{marketplaceId} – remove it; 409 while open tasks are assigned to it
  route(deleteMarketplaceItemOperation, async ({ params }) => {
    await deleteMarketplaceItem(params.marketplaceId);
  }),
  // GET /api/marketplace – one page of items, filtered by itemType, category and q
  route(listMarketplaceItemsOperation, async ({ query, url }) => pagedResponse(await listMarketplaceItems(query), url)),
];

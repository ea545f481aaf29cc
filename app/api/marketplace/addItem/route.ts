import { methods, route } from "@/lib/http";
import { addMarketplaceItem, addMarketplaceItemOperation } from "@/lib/marketplace";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/marketplace/addItem – list a new item; 409 when the id exists
  POST: route(addMarketplaceItemOperation, ({ body }) => addMarketplaceItem(body)),
});

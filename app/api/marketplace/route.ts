import { methods, pagedResponse, route } from "@/lib/http";
import { listMarketplaceItems, listMarketplaceItemsOperation } from "@/lib/marketplace";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/marketplace – one page of items, filtered by itemType, category and q
  GET: route(listMarketplaceItemsOperation, async ({ query, url }) => pagedResponse(await listMarketplaceItems(query), url)),
});

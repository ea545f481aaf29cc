import { createSyndicate, createSyndicateOperation, listSyndicates, listSyndicatesOperation } from "@/lib/syndicates";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/syndicates – syndicate summaries with aggregated metrics, paged, filtered by ?q=
  GET: route(listSyndicatesOperation, async ({ query, url }) => pagedResponse(await listSyndicates(query), url)),
  // POST /api/syndicates – create a syndicate; squads must exist
  POST: route(createSyndicateOperation, ({ body }) => createSyndicate(body)),
});

// The API table's routes of the syndicates (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { createSyndicate, createSyndicateOperation, deleteSyndicate, deleteSyndicateOperation, getSyndicateDetails, getSyndicateDetailsOperation, listSyndicates, listSyndicatesOperation, updateSyndicate, updateSyndicateOperation } from "../syndicates";

export const syndicatesRoutes: RouteHandler[] = [
  // GET /api/syndicates/{syndicateId}/details – each squad's full data and the aggregated syndicate metrics
  route(getSyndicateDetailsOperation, ({ params }) => getSyndicateDetails(params.syndicateId)),
  // PUT /api/syndicates/{syndicateId} – replace a syndicate; 404 if unknown; metrics are recomputed
  route(updateSyndicateOperation, async ({ params, body }) => {
    await updateSyndicate(params.syndicateId, body);
  }),
  // DELETE /api/syndicates/{syndicateId} – delete a syndicate; its squads stay
  route(deleteSyndicateOperation, async ({ params }) => {
    await deleteSyndicate(params.syndicateId);
  }),
  // GET /api/syndicates – syndicate summaries with aggregated metrics, paged, filtered by ?q=
  route(listSyndicatesOperation, async ({ query, url }) => pagedResponse(await listSyndicates(query), url)),
  // POST /api/syndicates – create a syndicate; squads must exist
  route(createSyndicateOperation, ({ body }) => createSyndicate(body)),
];

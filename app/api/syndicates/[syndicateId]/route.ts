import { deleteSyndicate, deleteSyndicateOperation, updateSyndicate, updateSyndicateOperation } from "@/lib/syndicates";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/syndicates/{syndicateId} – replace a syndicate; 404 if unknown; metrics are recomputed
  PUT: route(updateSyndicateOperation, async ({ params, body }) => {
    await updateSyndicate(params.syndicateId, body);
  }),
  // DELETE /api/syndicates/{syndicateId} – delete a syndicate; its squads stay
  DELETE: route(deleteSyndicateOperation, async ({ params }) => {
    await deleteSyndicate(params.syndicateId);
  }),
});

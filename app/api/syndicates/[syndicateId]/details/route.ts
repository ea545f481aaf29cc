import { getSyndicateDetails, getSyndicateDetailsOperation } from "@/lib/syndicates";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/syndicates/{syndicateId}/details – each squad's full data and the aggregated syndicate metrics
  GET: route(getSyndicateDetailsOperation, ({ params }) => getSyndicateDetails(params.syndicateId)),
});

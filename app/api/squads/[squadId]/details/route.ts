import { getSquadDetails, getSquadDetailsOperation } from "@/lib/squads";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/squads/{squadId}/details – the squad, its agents, stacked roles and aggregated metrics
  GET: route(getSquadDetailsOperation, ({ params }) => getSquadDetails(params.squadId)),
});

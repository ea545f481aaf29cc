// The API table's routes of the squads (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { createSquad, createSquadOperation, deleteSquad, deleteSquadOperation, getSquadDetails, getSquadDetailsOperation, listSquads, listSquadsOperation, updateSquad, updateSquadOperation } from "../squads";

export const squadsRoutes: RouteHandler[] = [
  // GET /api/squads/{squadId}/details – the squad, its agents, stacked roles and aggregated metrics
  route(getSquadDetailsOperation, ({ params }) => getSquadDetails(params.squadId)),
  // PUT /api/squads/{squadId} – replace a squad; aggregated metrics are recomputed
  route(updateSquadOperation, async ({ params, body }) => {
    await updateSquad(params.squadId, body);
  }),
  // DELETE /api/squads/{squadId} – delete a squad; its agents stay
  route(deleteSquadOperation, async ({ params }) => {
    await deleteSquad(params.squadId);
  }),
  // GET /api/squads – squad summaries with aggregated metrics, paged, filtered by ?q=
  route(listSquadsOperation, async ({ query, url }) => pagedResponse(await listSquads(query), url)),
  // POST /api/squads – create a squad; members must be existing agents
  route(createSquadOperation, ({ body }) => createSquad(body)),
];

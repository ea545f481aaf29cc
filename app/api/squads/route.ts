import { createSquad, createSquadOperation, listSquads, listSquadsOperation } from "@/lib/squads";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/squads – squad summaries with aggregated metrics, paged, filtered by ?q=
  GET: route(listSquadsOperation, async ({ query, url }) => pagedResponse(await listSquads(query), url)),
  // POST /api/squads – create a squad; members must be existing agents
  POST: route(createSquadOperation, ({ body }) => createSquad(body)),
});

import { createAgent, createAgentOperation, listAgents, listAgentsOperation } from "@/lib/agents";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/agents – agent summaries, paged, filtered by ?q=, ?specialization=, ?role=
  GET: route(listAgentsOperation, async ({ query, url }) => pagedResponse(await listAgents(query), url)),
  // POST /api/agents – create an agent; five roles are minted when the body has none
  POST: route(createAgentOperation, ({ body }) => createAgent(body)),
});

// The API table's routes of the agents (lib/api/table.ts): one handler per operation.
import { createAgent, createAgentOperation, deleteAgent, deleteAgentOperation, getAgentDetails, getAgentDetailsOperation, listAgents, listAgentsOperation, updateAgent, updateAgentOperation } from "../agents";
import { pagedResponse, route, type RouteHandler } from "../http";

export const agentsRoutes: RouteHandler[] = [
  // GET /api/agents/{agentId}/details – the full agent: roles, metrics, history
  route(getAgentDetailsOperation, ({ params }) => getAgentDetails(params.agentId)),
  // PUT /api/agents/{agentId} – replace an agent; the body's id must be the path's
  route(updateAgentOperation, async ({ params, body }) => {
    await updateAgent(params.agentId, body);
  }),
  // DELETE /api/agents/{agentId} – delete an agent and its squad memberships
  route(deleteAgentOperation, async ({ params }) => {
    await deleteAgent(params.agentId);
  }),
  // GET /api/agents – agent summaries, paged, filtered by ?q=, ?specialization=, ?role=
  route(listAgentsOperation, async ({ query, url }) => pagedResponse(await listAgents(query), url)),
  // POST /api/agents – create an agent; five roles are minted when the body has none
  route(createAgentOperation, ({ body }) => createAgent(body)),
];

import { deleteAgent, deleteAgentOperation, updateAgent, updateAgentOperation } from "@/lib/agents";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/agents/{agentId} – replace an agent; the body's id must be the path's
  PUT: route(updateAgentOperation, async ({ params, body }) => {
    await updateAgent(params.agentId, body);
  }),
  // DELETE /api/agents/{agentId} – delete an agent and its squad memberships
  DELETE: route(deleteAgentOperation, async ({ params }) => {
    await deleteAgent(params.agentId);
  }),
});

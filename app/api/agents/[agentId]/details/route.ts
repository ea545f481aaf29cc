import { getAgentDetails, getAgentDetailsOperation } from "@/lib/agents";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/agents/{agentId}/details – the full agent: roles, metrics, history
  GET: route(getAgentDetailsOperation, ({ params }) => getAgentDetails(params.agentId)),
});

// The API table's routes of the engines area (lib/api/table.ts): engines, their test, an agent's
// hosting and approval policy, and the MCP endpoint.
import { route, type RouteHandler } from "../http";
import {
  createEngine,
  createEngineOperation,
  deleteEngine,
  deleteEngineOperation,
  getAgentHosting,
  getAgentHostingOperation,
  getEngine,
  getEngineOperation,
  listEngines,
  listEnginesOperation,
  mcpOperation,
  setApprovalPolicy,
  setApprovalPolicyOperation,
  testEngine,
  testEngineOperation,
  updateEngine,
  updateEngineOperation,
} from "../engines";
import { serveMcp } from "./mcp";

export const enginesRoutes: RouteHandler[] = [
  // GET /api/engines – the engines, keys never answered
  route(listEnginesOperation, () => listEngines()),
  // POST /api/engines – configure one (admin)
  route(createEngineOperation, ({ body }) => createEngine(body)),
  // GET /api/engines/{engineId}
  route(getEngineOperation, ({ params }) => getEngine(params.engineId)),
  // PATCH /api/engines/{engineId} – change it (admin)
  route(updateEngineOperation, ({ params, body }) => updateEngine(params.engineId, body)),
  // DELETE /api/engines/{engineId} – remove it (admin)
  route(deleteEngineOperation, ({ params }) => deleteEngine(params.engineId)),
  // POST /api/engines/{engineId}/test – one short chat completion (admin)
  route(testEngineOperation, ({ params }) => testEngine(params.engineId)),
  // GET /api/agents/{agentId}/hosting – engine, tools, approval policy
  route(getAgentHostingOperation, ({ params }) => getAgentHosting(params.agentId)),
  // PUT /api/agents/{agentId}/approval-policy – which tool calls wait for a person (operator)
  route(setApprovalPolicyOperation, ({ params, body }) => setApprovalPolicy(params.agentId, body.approvalPolicy)),
  // POST /api/mcp – the agent's tools over the Model Context Protocol
  route(mcpOperation, ({ request, body, principal }) => serveMcp(request, body, principal)),
];

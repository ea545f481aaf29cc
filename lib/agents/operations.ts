// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { EXAMPLE_AGENT, EXAMPLE_AGENT_BODY, EXAMPLE_AGENT_SUMMARY } from "./examples";
import { ZAgent, ZAgentListQuery, ZAgentParams, ZAgentSummary, ZCreateAgentBody, ZUpdateAgentBody } from "./schemas";

// The document's examples: one agent, as created and as read back (./examples.ts).
const CREATE_AGENT_EXAMPLE = EXAMPLE_AGENT_BODY;
const AGENT_EXAMPLE = EXAMPLE_AGENT;
const AGENT_SUMMARY_EXAMPLE = EXAMPLE_AGENT_SUMMARY;

export const listAgentsOperation = defineOperation({
  method: "GET",
  path: "/api/agents",
  operationId: "listAgents",
  summary: "List agent summaries (paged; filter by name/id, specialization, role)",
  description:
    "One page of agents, each as a summary: its first role, specialization and completion rate. Filters combine; `q` matches a part of the name or id. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { specialization: "Scout", limit: "20" }, response: [AGENT_SUMMARY_EXAMPLE] },
  tags: ["Agents"],
  access: "read",
  query: ZAgentListQuery,
  paged: true,
  responses: { 200: { description: "One page of agent summaries, ordered by id", schema: z.array(ZAgentSummary) } },
});

export const createAgentOperation = defineOperation({
  method: "POST",
  path: "/api/agents",
  operationId: "createAgent",
  summary: "Create an agent (five roles minted when the body has none)",
  description:
    "Creates the agent under the client-chosen `id` and answers it as its details read it. Omitted fields take their defaults: five roles are minted deterministically from `id` and `aiEngine`, `specialization` becomes the roleName that occurs most among the roles, metrics start at 0 and history empty; history points are stored ordered by time. Records an `agent.created` event.",
  example: { body: CREATE_AGENT_EXAMPLE, response: AGENT_EXAMPLE },
  tags: ["Agents"],
  access: "operator",
  body: ZCreateAgentBody,
  responses: { 201: { description: "The created agent, with all five roles", schema: ZAgent } },
  errors: { 409: "An agent with that id exists" },
});

export const getAgentDetailsOperation = defineOperation({
  method: "GET",
  path: "/api/agents/{agentId}/details",
  operationId: "getAgentDetails",
  summary: "An agent with its five roles, performance metrics and history",
  description:
    "The whole agent: its five roles in order, ownership and version metadata, performance metrics and history points ordered by time (timestamps in UTC). `metricsSource` says whether the metrics were sent by clients (`reported`) or are measured from the agent's runs since it first connected (`measured`).",
  example: { params: { agentId: "yield-scout-7" }, response: AGENT_EXAMPLE },
  tags: ["Agents"],
  access: "read",
  params: ZAgentParams,
  responses: { 200: { description: "The agent", schema: ZAgent } },
  errors: { 404: "No agent with that id" },
});

export const updateAgentOperation = defineOperation({
  method: "PUT",
  path: "/api/agents/{agentId}",
  operationId: "updateAgent",
  summary: "Replace an agent (omitted fields take their creation defaults)",
  description:
    "Replaces the whole agent with the body, whose `id` must equal the path's: omitted roles are minted again, the specialization derived again, and omitted history emptied, so send the agent back whole (history points carrying a `taskId` included). Squad memberships stay, and an agent whose metrics are `measured` keeps them whatever the body says. Records an `agent.updated` event; read the result with the agent's details.",
  example: {
    params: { agentId: "yield-scout-7" },
    body: { ...CREATE_AGENT_EXAMPLE, specialization: "Scout", experiencePoints: 1350, operationalHistory: ["Deployed to the treasury squad", "Upgraded to a faster engine"] },
  },
  tags: ["Agents"],
  access: "operator",
  params: ZAgentParams,
  body: ZUpdateAgentBody,
  responses: { 200: { description: "Replaced; empty body" } },
  errors: { 404: "No agent with that id" },
});

export const deleteAgentOperation = defineOperation({
  method: "DELETE",
  path: "/api/agents/{agentId}",
  operationId: "deleteAgent",
  summary: "Delete an agent (and its squad memberships)",
  description:
    "Deletes the agent with its roles, history and squad memberships in one transaction; the squads' aggregated metrics follow at once. Refused while tasks in status `pending`, `assigned` or `in_progress` are assigned to it; finished tasks keep their reference. Records an `agent.deleted` event.",
  example: { params: { agentId: "yield-scout-7" } },
  tags: ["Agents"],
  access: "operator",
  params: ZAgentParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No agent with that id", 409: "Open tasks are assigned to the agent (named in detail)" },
});

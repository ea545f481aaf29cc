// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZAgent, ZAgentListQuery, ZAgentParams, ZAgentSummary, ZCreateAgentBody, ZUpdateAgentBody } from "./schemas";

export const listAgentsOperation = defineOperation({
  method: "GET",
  path: "/api/agents",
  operationId: "listAgents",
  summary: "List agent summaries (paged; filter by name/id, specialization, role)",
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
  tags: ["Agents"],
  access: "operator",
  params: ZAgentParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No agent with that id", 409: "Open tasks are assigned to the agent (named in detail)" },
});

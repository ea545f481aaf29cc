// The engines area's API declarations: engines (admins configure, operators read), their test, and
// an agent's hosting (engine, tools, approval policy).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import { ZAgentHosting, ZAgentHostingParams, ZApprovalPolicyBody, ZCreateEngineBody, ZEngine, ZEngineParams, ZEngineTest, ZUpdateEngineBody } from "./schemas";

export const listEnginesOperation = defineOperation({
  method: "GET",
  path: "/api/engines",
  operationId: "listEngines",
  summary: "List the engines hosted agents run on",
  tags: ["Engines"],
  access: "operator",
  agentRoles: "none",
  responses: { 200: { description: "Every engine, by name (keys are never answered)", schema: z.array(ZEngine) } },
});

export const createEngineOperation = defineOperation({
  method: "POST",
  path: "/api/engines",
  operationId: "createEngine",
  summary: "Configure an OpenAI-compatible engine",
  tags: ["Engines"],
  access: "admin",
  body: ZCreateEngineBody,
  responses: { 201: { description: "The engine (its key sealed, never answered)", schema: ZEngine } },
  errors: { 409: "An engine with that name exists" },
});

export const getEngineOperation = defineOperation({
  method: "GET",
  path: "/api/engines/{engineId}",
  operationId: "getEngine",
  summary: "Get an engine",
  tags: ["Engines"],
  access: "operator",
  agentRoles: "none",
  params: ZEngineParams,
  responses: { 200: { description: "The engine", schema: ZEngine } },
  errors: { 404: "No such engine" },
});

export const updateEngineOperation = defineOperation({
  method: "PATCH",
  path: "/api/engines/{engineId}",
  operationId: "updateEngine",
  summary: "Change an engine (a new key replaces the kept one)",
  tags: ["Engines"],
  access: "admin",
  params: ZEngineParams,
  body: ZUpdateEngineBody,
  responses: { 200: { description: "The engine as changed", schema: ZEngine } },
  errors: { 404: "No such engine", 409: "Another engine has that name" },
});

export const deleteEngineOperation = defineOperation({
  method: "DELETE",
  path: "/api/engines/{engineId}",
  operationId: "deleteEngine",
  summary: "Remove an engine (its agents are no longer hosted)",
  tags: ["Engines"],
  access: "admin",
  params: ZEngineParams,
  responses: { 204: { description: "Removed" } },
  errors: { 404: "No such engine", 409: "Hosted runs are working on it" },
});

export const testEngineOperation = defineOperation({
  method: "POST",
  path: "/api/engines/{engineId}/test",
  operationId: "testEngine",
  summary: "Test an engine's connection with a one-word chat completion",
  tags: ["Engines"],
  access: "admin",
  params: ZEngineParams,
  responses: { 200: { description: "Whether it answered, how fast, and what it said (also kept as the engine's last test)", schema: ZEngineTest } },
  errors: { 404: "No such engine" },
});

export const getAgentHostingOperation = defineOperation({
  method: "GET",
  path: "/api/agents/{agentId}/hosting",
  operationId: "getAgentHosting",
  summary: "An agent's engine, tools and approval policy",
  tags: ["Agents at work"],
  access: "credential",
  params: ZAgentHostingParams,
  responses: { 200: { description: "Whether it is hosted and on which engine, what it may call, and which calls wait for approval", schema: ZAgentHosting } },
  errors: { 404: "No such agent" },
});

export const setApprovalPolicyOperation = defineOperation({
  method: "PUT",
  path: "/api/agents/{agentId}/approval-policy",
  operationId: "setAgentApprovalPolicy",
  summary: "Set which of a hosted agent's tool calls wait for a person",
  tags: ["Agents at work"],
  access: "operator",
  params: ZAgentHostingParams,
  body: ZApprovalPolicyBody,
  responses: { 200: { description: "The agent's hosting with the new policy", schema: ZAgentHosting } },
  errors: { 404: "No such agent" },
});

export const mcpOperation = defineOperation({
  method: "POST",
  path: "/api/mcp",
  operationId: "mcp",
  summary: "The Model Context Protocol endpoint (streamable HTTP, stateless, JSON answers): an agent's tools for any MCP client",
  tags: ["Agents at work"],
  access: "agent",
  body: z.unknown().describe("A JSON-RPC 2.0 message (or a batch) of the Model Context Protocol: initialize, tools/list, tools/call, …"),
  maxBodyBytes: 1_048_576,
  responses: {
    200: { description: "The JSON-RPC answer", schema: z.unknown().describe("A JSON-RPC 2.0 response (or a batch)") },
    202: { description: "A notification or response was accepted (no body)" },
  },
  errors: { 406: "The client does not accept application/json and text/event-stream" },
  // The transport's own refusals are JSON-RPC error objects, as MCP clients expect; the rest are problems.
  errorAlternatives: {
    400: { "application/json": "A JSON-RPC 2.0 error object: the body is no JSON-RPC message (code -32700 or -32600)" },
    406: { "application/json": "A JSON-RPC 2.0 error object saying what the client must accept" },
  },
});

// The engines area's API declarations: engines (admins configure, operators read), their test, and
// an agent's hosting (engine, tools, approval policy).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import type { TAgentHosting, TEngine, TEngineTest } from "./schemas";
import { ZAgentHosting, ZAgentHostingParams, ZApprovalPolicyBody, ZCreateEngineBody, ZEngine, ZEngineParams, ZEngineTest, ZUpdateEngineBody } from "./schemas";

// The document's examples: the engine agent yield-scout-7 names (its aiEngine, gpt-4o-mini), a local
// model beside it, and the agent's hosting on it. The API key is a stand-in, not a real key.
const ENGINE_ID = "eng_3f9a1c27d4b86e05";
const CREATE_ENGINE_BODY: z.input<typeof ZCreateEngineBody> = {
  name: "gpt-4o-mini",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKey: "sk-example-4f8b2c9d1e7a6b3c0d5ex7Qk",
  inputPricePerMillion: 0.15,
  outputPricePerMillion: 0.6,
  maxCost: 0.5,
};
const CREATED_ENGINE: TEngine = {
  id: ENGINE_ID,
  name: "gpt-4o-mini",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKey: { set: true, hint: "x7Qk" },
  inputPricePerMillion: 0.15,
  outputPricePerMillion: 0.6,
  maxSteps: null,
  maxTokens: null,
  maxCost: 0.5,
  maxRunSeconds: null,
  lastTest: null,
  agents: 3,
  createdAt: "2026-10-20T14:05:00.000Z",
  updatedAt: "2026-10-20T14:05:00.000Z",
};
const ENGINE_TEST: TEngineTest = { ok: true, testedAt: "2026-10-20T14:06:12.000Z", latencyMs: 612, message: 'gpt-4o-mini answered: "OK"' };
const ENGINE_EXAMPLE: TEngine = { ...CREATED_ENGINE, lastTest: ENGINE_TEST, updatedAt: "2026-10-20T14:06:12.000Z" };
const LOCAL_ENGINE: TEngine = {
  id: "eng_9b1e4d7a2c5f8063",
  name: "llama-local",
  baseUrl: "http://10.0.4.12:11434/v1",
  model: "llama3.1:8b",
  apiKey: { set: false, hint: null },
  inputPricePerMillion: 0,
  outputPricePerMillion: 0,
  maxSteps: 12,
  maxTokens: 50_000,
  maxCost: null,
  maxRunSeconds: 300,
  lastTest: { ok: false, testedAt: "2026-10-28T08:15:40.000Z", latencyMs: null, message: "EngineUnavailable: The engine at http://10.0.4.12:11434/v1 could not be reached: Connection error." },
  agents: 0,
  createdAt: "2026-10-28T08:15:02.000Z",
  updatedAt: "2026-10-28T08:15:40.000Z",
};
const UPDATE_ENGINE_BODY: z.input<typeof ZUpdateEngineBody> = { model: "gpt-4.1-mini", inputPricePerMillion: 0.4, outputPricePerMillion: 1.6 };
const ENGINE_PARAMS = { engineId: ENGINE_ID };
const AGENT_PARAMS = { agentId: "yield-scout-7" };
const READ_TOOL = { name: "getAgentDetails", method: "GET", path: "/api/agents/{agentId}/details", summary: "An agent with its five roles, performance metrics and history", write: false };
const WRITE_TOOL = { name: "assignTask", method: "POST", path: "/api/tasks/assign", summary: "Create a task and assign it to an agent, squad, syndicate or marketplace item", write: true };
const HOSTING_EXAMPLE: TAgentHosting = {
  agentId: "yield-scout-7",
  aiEngine: "gpt-4o-mini",
  hosted: true,
  engine: { id: ENGINE_ID, name: "gpt-4o-mini", model: "gpt-4o-mini" },
  approvalPolicy: "writes",
  tools: [
    { ...WRITE_TOOL, needsApproval: true },
    { ...READ_TOOL, needsApproval: false },
  ],
};
const MCP_REQUEST = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const MCP_ANSWER = {
  jsonrpc: "2.0",
  id: 1,
  result: {
    tools: [
      {
        name: READ_TOOL.name,
        title: READ_TOOL.summary,
        description: `${READ_TOOL.summary} (GET ${READ_TOOL.path}). Errors: 404: No agent with that id.`,
        inputSchema: {
          type: "object",
          properties: { agentId: { type: "string", minLength: 1, maxLength: 128, pattern: "^(?!\\.{1,2}$)[A-Za-z0-9._-]*$", description: "Agent id" } },
          required: ["agentId"],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      },
    ],
  },
};

export const listEnginesOperation = defineOperation({
  method: "GET",
  path: "/api/engines",
  operationId: "listEngines",
  summary: "List the engines hosted agents run on",
  description:
    "Every configured engine, ordered by name: its endpoint, model, prices per million input and output tokens, per-run limits (null: the server's defaults), its latest test connection, and how many agents name it in `aiEngine` (those agents are hosted on it). The API key is never answered: `apiKey` says only whether one is kept and its last four characters.",
  example: { response: [ENGINE_EXAMPLE, LOCAL_ENGINE] },
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
  description:
    "Configures an OpenAI-compatible chat-completions endpoint (`<baseUrl>/chat/completions` is called) under a unique `name`: every agent whose `aiEngine` is that name is hosted on it from now on, and a dispatch is queued so that work already assigned to such agents starts. The `apiKey` is sealed before it is stored and never answered again; prices default to 0, and a limit left out takes the server's default (`HOSTED_MAX_STEPS`, `HOSTED_MAX_TOKENS`, …). Check the connection with `POST /api/engines/{engineId}/test`.",
  example: { body: CREATE_ENGINE_BODY, response: CREATED_ENGINE },
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
  description:
    "One engine as the list shows it: endpoint, model, prices, per-run limits (null: the server's defaults), its latest test connection and the number of agents hosted on it. Never its API key: `apiKey` says only whether one is kept and its last four characters.",
  example: { params: ENGINE_PARAMS, response: ENGINE_EXAMPLE },
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
  description:
    "Changes only the fields sent (at least one); a limit set to `null` goes back to the server's default. A new `apiKey` replaces the kept one and `null` removes it. Changing the base URL, the model or the key clears `lastTest`, which no longer describes the engine; renaming it changes which agents are hosted on it (those naming the new name) and queues a dispatch of their work.",
  example: { params: ENGINE_PARAMS, body: UPDATE_ENGINE_BODY, response: { ...ENGINE_EXAMPLE, model: "gpt-4.1-mini", inputPricePerMillion: 0.4, outputPricePerMillion: 1.6, lastTest: null, updatedAt: "2026-11-02T10:00:00.000Z" } },
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
  description:
    "Removes the engine; refused while a hosted run works on it (running or awaiting a decision): cancel those runs or let them finish first. Agents that name it are no longer hosted (their `aiEngine` is left as it is), and its finished runs keep their traces, with `engineId` null.",
  example: { params: ENGINE_PARAMS },
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
  description:
    "Sends the engine one short chat completion with its key, without retries and waiting at most 20 seconds (less when `ENGINE_TIMEOUT_MS` is lower), and answers whether it answered, how fast, and what it said or why it failed. An engine that does not answer is still a 200, with `ok: false` and why in `message`. The outcome is kept as the engine's `lastTest`, unless its base URL, model or key changed while the test was under way.",
  example: { params: ENGINE_PARAMS, response: ENGINE_TEST },
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
  description:
    "Whether the agent is hosted (a configured engine has the name in its `aiEngine`) and on which engine, its approval policy, and its tools: the operations its roles allow it to call, by name, each with whether it changes data and whether the policy makes a hosted run wait for a person before calling it. A connected agent has the same tools through its credential and `POST /api/mcp`; the approval policy holds only hosted runs.",
  example: { params: AGENT_PARAMS, response: HOSTING_EXAMPLE },
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
  description:
    "Sets which tool calls of the agent's hosted runs wait for a person's decision: `writes` (the default) every call that changes data, `all` every call, `none` no call. Hosted runs follow it from their next tool call; a connected agent's calls, over HTTP or MCP, are not held by it. Emits `agent.updated` and answers the agent's hosting with each tool's `needsApproval` under the new policy.",
  example: { params: AGENT_PARAMS, body: { approvalPolicy: "all" }, response: { ...HOSTING_EXAMPLE, approvalPolicy: "all", tools: HOSTING_EXAMPLE.tools.map((tool) => ({ ...tool, needsApproval: true })) } },
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
  description:
    "The agent's tools (the operations its roles allow, as `GET /api/agents/{agentId}/hosting` lists them) over the Model Context Protocol's streamable HTTP transport: `tools/list` gives them with their JSON Schemas and read-only and destructive hints; `tools/call` runs one with the agent's rights and rate limit and answers the operation's JSON as text and structured content, or a tool error (`isError`) carrying the problem. The endpoint is stateless (no session; any instance answers any request) and answers JSON, never a stream; send `Accept: application/json, text/event-stream`. A notification is accepted with 202 and no body.",
  example: { body: MCP_REQUEST, response: MCP_ANSWER },
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

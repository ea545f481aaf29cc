// The MCP endpoint (docs/agents.md, "MCP") through the official TypeScript client over its streamable
// HTTP transport, whose fetch hands each request to the route handlers of app/api/mcp in-process
// with an agent credential: the client initializes, lists exactly the tools the agent's roles allow
// (the same as its hosting lists), and calls them — a read answers the operation's JSON as text and
// structured content; a refusal, bad arguments or an unknown tool answer a tool error (isError) with
// the problem's status. Without an agent credential the endpoint answers an HTTP problem.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "../../app/api/mcp/route";
import * as hostingRoute from "../../app/api/agents/[agentId]/hosting/route";
import * as agentDetailsRoute from "../../app/api/agents/[agentId]/details/route";
import { issueAgentCredential, revokeAgentCredential } from "../../lib/auth";
import { prisma } from "../../lib/db";
import type { RouteHandler } from "../../lib/http";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent } from "../quantum/factory";

const MCP_URL = "http://localhost/api/mcp";
const handlers: Record<string, RouteHandler> = { GET: mcpRoute.GET, POST: mcpRoute.POST, PUT: mcpRoute.PUT, PATCH: mcpRoute.PATCH, DELETE: mcpRoute.DELETE };

const api = useApiTest({ withKeys: true });
let operatorId: string;

beforeAll(async () => {
  operatorId = (await prisma.user.findFirstOrThrow({ where: { role: "operator" }, select: { id: true } })).id;
});

// Every request the transport made, answered by the route handlers in this process; awaited after
// each test (the client opens its optional GET stream without waiting for it).
const inFlight = new Set<Promise<Response>>();
type Exchange = { method: string; status: number };

const inProcessFetch = (credential: string | null, exchanges: Exchange[]): FetchLike => {
  return (url, init) => {
    const headers = new Headers(init?.headers);
    if (credential) headers.set("authorization", `Bearer ${credential}`);
    const request = new Request(url, { ...init, headers });
    const answered = handlers[request.method](request, { params: Promise.resolve({}) }).then((response) => {
      exchanges.push({ method: request.method, status: response.status });
      return response;
    });
    inFlight.add(answered);
    void answered.finally(() => inFlight.delete(answered)).catch(() => undefined);
    return answered;
  };
};

const clients: Client[] = [];

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await Promise.allSettled([...inFlight]);
});

/** A client on the endpoint with `credential` (null: none), not yet connected. */
const clientWith = (credential: string | null) => {
  const exchanges: Exchange[] = [];
  const client = new Client({ name: "syndicate-tests", version: "1.0.0" });
  clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: inProcessFetch(credential, exchanges) });
  return { client, transport, exchanges };
};

/** A connected client of a new agent with these roles. */
const agentClient = async (roles: string[]) => {
  const agentId = await insertAgent({}, roles);
  const { secret, id: credentialId } = await issueAgentCredential(agentId, operatorId, { name: "mcp" });
  const { client, transport, exchanges } = clientWith(secret);
  await client.connect(transport);
  return { agentId, secret, credentialId, client, exchanges };
};

const SCOUT = ["Scout", "Scout", "Scout", "Scout", "Scout"];
const BUILDER = ["Builder", "Builder", "Builder", "Builder", "Builder"];

type TextContent = { type: "text"; text: string };
// A tool call's result (the client types it as a union with the protocol's older shape).
type ToolCallResult = { content?: unknown; isError?: unknown; structuredContent?: unknown };
const textOf = (result: object) => {
  const content = (result as ToolCallResult).content as TextContent[];
  expect(content).toHaveLength(1);
  expect(content[0].type).toBe("text");
  return content[0].text;
};
/** A tool error's text, "<status>: <problem JSON>", as its status and problem. */
const problemOf = (result: object) => {
  expect((result as ToolCallResult).isError).toBe(true);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(textOf(result));
  expect(match).not.toBeNull();
  return { status: Number(match![1]), problem: JSON.parse(match![2]) as { status: number; title: string; detail: string; errors?: { path: string }[] } };
};

const connectError = async (credential: string | null) => {
  const { client, transport } = clientWith(credential);
  const error = await client.connect(transport).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(StreamableHTTPError);
  return error as StreamableHTTPError;
};

describe("the MCP endpoint, with an agent credential", () => {
  it("initializes: the server names itself and offers tools", async () => {
    const { agentId, client, exchanges } = await agentClient(SCOUT);
    expect(client.getServerVersion()).toEqual({ name: "syndicate", version: "1.0.0" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain(agentId);
    expect(client.getInstructions()).toContain("Scout");
    await Promise.allSettled([...inFlight]);
    // initialize (200), the initialized notification (202), and the optional event stream the
    // stateless endpoint does not offer (405).
    expect(exchanges).toEqual([
      { method: "POST", status: 200 },
      { method: "POST", status: 202 },
      { method: "GET", status: 405 },
    ]);
    expect(await client.ping()).toEqual({});
  });

  it("lists exactly the tools the agent's roles allow, as its hosting does, each with an input schema", async () => {
    for (const roles of [SCOUT, BUILDER, ["Scout", "Builder", "Defender", "Healer", "Scout"]]) {
      const { agentId, client } = await agentClient(roles);
      const { tools } = await client.listTools();
      const hosting = await call(hostingRoute.GET, "GET", `/api/agents/${agentId}/hosting`, { key: api.viewer, params: { agentId } });
      expect(hosting.status).toBe(200);
      const hosted = hosting.json.tools as { name: string; write: boolean; summary: string }[];
      expect(tools.map((tool) => tool.name).sort()).toEqual(hosted.map((tool) => tool.name).sort());
      const writes = new Map(hosted.map((tool) => [tool.name, tool]));
      for (const tool of tools) {
        expect(tool.inputSchema.type, tool.name).toBe("object");
        expect(typeof tool.inputSchema.properties, tool.name).toBe("object");
        expect(tool.title).toBe(writes.get(tool.name)!.summary);
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(!writes.get(tool.name)!.write);
      }
      const names = tools.map((tool) => tool.name);
      for (const never of ["mcp", "claimRun", "createEngine", "createUser", "createAgentCredential"]) expect(names).not.toContain(never);
      if (roles === SCOUT) {
        expect(names).toEqual(expect.arrayContaining(["assignTask", "linkWallet", "getAgentDetails"]));
        expect(names).not.toContain("deployDapp");
      }
      if (roles === BUILDER) expect(names).toContain("deployDapp");
    }
    const { client } = await agentClient(SCOUT);
    const details = (await client.listTools()).tools.find((tool) => tool.name === "getAgentDetails")!;
    expect(details.inputSchema).toMatchObject({ type: "object", properties: { agentId: expect.objectContaining({ type: "string" }) }, required: ["agentId"] });
    const assign = (await client.listTools()).tools.find((tool) => tool.name === "assignTask")!;
    expect(assign.inputSchema).toMatchObject({ type: "object", properties: { body: expect.objectContaining({ type: "object" }) }, required: ["body"] });
  });

  it("calls a read: the operation's JSON as text and as structured content", async () => {
    const { client } = await agentClient(SCOUT);
    const other = await insertAgent();
    const result = await client.callTool({ name: "getAgentDetails", arguments: { agentId: other } });
    expect(result.isError).toBeFalsy();
    const answered = JSON.parse(textOf(result));
    expect(answered).toMatchObject({ id: other, name: `Quantum ${other}` });
    expect(result.structuredContent).toEqual(answered);
    const direct = await call(agentDetailsRoute.GET, "GET", `/api/agents/${other}/details`, { key: api.viewer, params: { agentId: other } });
    expect(answered).toEqual(direct.json);
  });

  it("answers a write the agent's roles do not allow as a tool error with the 403 problem", async () => {
    const { client, agentId } = await agentClient(SCOUT);
    const before = await prisma.deployment.count();
    const result = await client.callTool({ name: "deployDapp", arguments: { body: { name: "x" } } });
    const { status, problem } = problemOf(result);
    expect(status).toBe(403);
    expect(problem).toMatchObject({ status: 403, title: "Forbidden" });
    expect(problem.detail).toContain("Builder");
    expect(problem.detail).toContain(agentId);
    expect(result.structuredContent).toBeUndefined();
    expect(await prisma.deployment.count()).toBe(before);
  });

  it("answers bad arguments as a tool error with a 400 problem", async () => {
    const { client } = await agentClient(SCOUT);
    const missing = problemOf(await client.callTool({ name: "getAgentDetails", arguments: {} }));
    expect(missing.status).toBe(400);
    expect(missing.problem.detail).toMatch(/agentId: required/);
    const unknown = problemOf(await client.callTool({ name: "getAgentDetails", arguments: { agentId: "x", colour: "blue" } }));
    expect(unknown.status).toBe(400);
    expect(unknown.problem.detail).toMatch(/colour/);
    // The operation's own validation: a task without its fields.
    const invalid = problemOf(await client.callTool({ name: "assignTask", arguments: { body: {} } }));
    expect(invalid.status).toBe(400);
    expect(invalid.problem.errors?.length).toBeGreaterThan(0);
    expect(invalid.problem.errors!.every((error) => error.path.startsWith("body."))).toBe(true);
  });

  it("answers an unknown tool as a tool error with a 404 problem", async () => {
    const { client } = await agentClient(BUILDER);
    const { status, problem } = problemOf(await client.callTool({ name: "launchRockets", arguments: {} }));
    expect(status).toBe(404);
    expect(problem.detail).toContain("launchRockets");
  });
});

describe("the MCP endpoint over plain HTTP", () => {
  const STREAMABLE = { accept: "application/json, text/event-stream" };

  it("answers a JSON-RPC request without a session (stateless), in JSON", async () => {
    const { secret, agentId } = await agentClient(SCOUT);
    const answer = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: STREAMABLE, body: { jsonrpc: "2.0", id: 7, method: "tools/list" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("mcp-session-id")).toBeNull();
    expect(answer.json).toMatchObject({ jsonrpc: "2.0", id: 7, result: { tools: expect.any(Array) } });
    const hosting = await call(hostingRoute.GET, "GET", `/api/agents/${agentId}/hosting`, { key: api.viewer, params: { agentId } });
    expect(answer.json.result.tools.map((tool: { name: string }) => tool.name)).toEqual(hosting.json.tools.map((tool: { name: string }) => tool.name));
    // A notification is accepted with no body.
    const notified = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: STREAMABLE, body: { jsonrpc: "2.0", method: "notifications/initialized" } });
    expect(notified.status).toBe(202);
    expect(notified.text).toBe("");
  });

  it("answers 406 to a client that does not accept both JSON and an event stream, 400 to what is no JSON-RPC message", async () => {
    const { secret } = await agentClient(SCOUT);
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    const unacceptable = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: { accept: "application/json" }, body: ping });
    expect(unacceptable.status).toBe(406);
    expect(unacceptable.json).toMatchObject({ jsonrpc: "2.0", error: { message: expect.stringMatching(/Not Acceptable/) } });
    // What agent-tools.test.ts sends every operation: an empty object.
    const empty = await call(handlers.POST, "POST", "/api/mcp", { key: secret, body: {} });
    expect(empty.status).toBe(406);

    const notJsonRpc = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: STREAMABLE, body: {} });
    expect(notJsonRpc.status).toBe(400);
    expect(notJsonRpc.json).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
    const malformed = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: STREAMABLE, body: "{ not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toBe("application/problem+json");
    expect(malformed.json.title).toBe("Malformed JSON");
    const untyped = await call(handlers.POST, "POST", "/api/mcp", { key: secret, headers: { ...STREAMABLE, "content-type": "text/plain" }, body: JSON.stringify(ping) });
    expect(untyped.status).toBe(415);
  });

  it("answers 405 to GET and DELETE: no event stream, no session to end", async () => {
    const { secret } = await agentClient(SCOUT);
    for (const method of ["GET", "DELETE"]) {
      const answer = await call(handlers[method], method, "/api/mcp", { key: secret, headers: STREAMABLE });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });
});

describe("the MCP endpoint, without an agent credential", () => {
  it("answers 401 with no credential", async () => {
    const error = await connectError(null);
    expect(error.code).toBe(401);
    const answer = await call(handlers.POST, "POST", "/api/mcp", { body: { jsonrpc: "2.0", id: 1, method: "ping" }, headers: { accept: "application/json, text/event-stream" } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(answer.json).toMatchObject({ status: 401, detail: expect.stringMatching(/agent credential/) });
  });

  it("answers 403 to an API key: the endpoint is for agents", async () => {
    const error = await connectError(api.operator);
    expect(error.code).toBe(403);
    const { key: admin } = await userWithKey("admin");
    const answer = await call(handlers.POST, "POST", "/api/mcp", { key: admin, body: { jsonrpc: "2.0", id: 1, method: "ping" }, headers: { accept: "application/json, text/event-stream" } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(answer.json.detail).toMatch(/for agents/);
  });

  it("answers 401 once the credential is revoked", async () => {
    const { agentId, credentialId, secret, client } = await agentClient(SCOUT);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await revokeAgentCredential(agentId, credentialId);
    const refused = await client.listTools().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
    expect((await connectError(secret)).code).toBe(401);
  });
});

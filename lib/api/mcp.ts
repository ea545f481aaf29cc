// The Model Context Protocol endpoint (docs/agents.md, "MCP"): the tools an agent credential's
// roles allow (lib/api/tools.ts), served with the official TypeScript SDK over its streamable HTTP
// transport, stateless (a server and a transport per request, no session to keep across instances)
// and with JSON answers (no stream to hold open). A tool call answers the operation's JSON as text
// content and as structured content; an error status is a tool error (isError) with the problem, so
// the client's model reads why and can correct itself. The route wrapper has authenticated the agent.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../auth";
import { toolbox } from "../engines";

const SERVER = { name: "syndicate", version: "1.0.0" };

export const serveMcp = async (request: Request, body: unknown, principal: Principal): Promise<Response> => {
  const roles = principal.agent?.roles ?? [];
  const tools = toolbox().toolsFor(roles);
  const server = new Server(SERVER, {
    capabilities: { tools: {} },
    instructions: `Tools of Syndicate agent ${principal.agent?.id}: the operations its roles (${[...new Set(roles)].join(", ") || "none"}) allow. Each answers JSON; an error answers an RFC 9457 problem.`,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.summary,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: "object"; properties?: Record<string, object> },
      annotations: { readOnlyHint: !tool.write, destructiveHint: tool.method === "DELETE", openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
    const result = await toolbox().call(principal, call.params.name, call.params.arguments ?? {}, extra.signal);
    const text = result.body === null ? "" : typeof result.body === "string" ? result.body : JSON.stringify(result.body);
    const structured = result.body !== null && typeof result.body === "object" && !Array.isArray(result.body) ? (result.body as Record<string, unknown>) : undefined;
    return {
      content: [{ type: "text" as const, text: result.ok ? text || `${result.status}` : `${result.status}: ${text}` }],
      ...(structured && result.ok ? { structuredContent: structured } : {}),
      ...(result.ok ? {} : { isError: true }),
    };
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void server.close().catch(() => undefined);
  }
};

// The toolbox (lib/engines/toolbox.ts): the operations of the API table as tools for agents. A tool
// is an operation an agent credential may call by its roles (the table's agent tools), that answers
// JSON or nothing: not the run protocol itself, not the public service routes, not streams. Its
// arguments are one JSON object — the path and query parameters at the top, the body under "body" —
// described by the JSON Schema of the operation's own zod schemas. A call builds the request the API
// would get and runs the operation's route handler in-process with the agent's principal, so a tool
// call is validated, authorized, rate limited, logged and answered exactly as the HTTP call would be.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Principal } from "../auth";
import { agentToolsOf, type Operation } from "../core/operation";
import { provideToolbox, type ToolResult, type ToolSpec, type Toolbox } from "../engines";
import { asPrincipal, operationOf } from "../http";
import { inputJsonSchema } from "../core/json-schema";
import type { HttpMethod } from "../core/operation";
import type { RouteHandler } from "../http";

/** A path's handler for every method (as lib/api/table.ts files them). */
type PathMethods = Record<HttpMethod, RouteHandler>;

type Tool = ToolSpec & { operation: Operation; roles: "any" | readonly string[]; params: string[]; query: string[] };

const jsonSchemaOf = (schema: z.ZodType | undefined): { properties: Record<string, unknown>; required: string[] } => {
  if (!schema) return { properties: {}, required: [] };
  const json = inputJsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return { properties: json.properties ?? {}, required: json.required ?? [] };
};

const bodySchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  return inputJsonSchema(schema);
};

const answersJson = (operation: Operation) =>
  Object.entries(operation.responses).some(([status, response]) => Number(status) < 300 && (response.schema !== undefined || Number(status) === 204)) &&
  Object.entries(operation.responses).every(([status, response]) => Number(status) >= 300 || response.schema !== undefined || Number(status) === 204);

const toolOf = (operation: Operation): Tool | null => {
  const roles = agentToolsOf(operation);
  if (roles === "none" || operation.access === "agent" || operation.access === "public" || !answersJson(operation)) return null;
  const params = jsonSchemaOf(operation.params);
  const query = jsonSchemaOf(operation.query);
  const properties: Record<string, unknown> = { ...params.properties, ...query.properties };
  const required = [...params.required, ...query.required.filter((name) => !(name in params.properties))];
  if (operation.body) {
    properties.body = bodySchemaOf(operation.body);
    required.push("body");
  }
  const errors = Object.entries(operation.errors ?? {}).map(([status, meaning]) => `${status}: ${meaning}`);
  return {
    name: operation.operationId,
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    description: `${operation.summary} (${operation.method} ${operation.path}).${errors.length ? ` Errors: ${errors.join("; ")}.` : ""}`,
    write: operation.method !== "GET" && roles !== "any",
    inputSchema: { type: "object", properties, required, additionalProperties: false },
    operation,
    roles,
    params: Object.keys(params.properties),
    query: Object.keys(query.properties),
  };
};

const problem = (status: number, title: string, detail: string): ToolResult => ({ status, ok: false, body: { title, status, detail } });

const queryValue = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [typeof value === "object" ? JSON.stringify(value) : String(value)]);

/** The toolbox over the API table's handlers (path → method → handler). */
export const makeToolbox = (table: ReadonlyMap<string, PathMethods>): Toolbox => {
  const tools: Tool[] = [];
  for (const methods of table.values()) {
    for (const [method, handler] of Object.entries(methods)) {
      const operation = operationOf(handler);
      if (!operation || operation.method !== method) continue;
      const tool = toolOf(operation);
      if (tool) tools.push(tool);
    }
  }
  tools.sort((a, b) => a.name.localeCompare(b.name));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const allowed = (tool: Tool, roles: readonly string[]) => tool.roles === "any" || roles.some((role) => tool.roles.includes(role));
  const strip = ({ operation: _operation, roles: _roles, params: _params, query: _query, ...spec }: Tool): ToolSpec => spec;

  return {
    toolsFor: (roles) => tools.filter((tool) => allowed(tool, roles)).map(strip),
    call: async (principal: Principal, name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult> => {
      const tool = byName.get(name);
      if (!tool) return problem(404, "Unknown tool", `There is no tool '${name}'.`);
      if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) return problem(400, "Bad arguments", "The arguments must be a JSON object.");
      const input = (args ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(input).filter((key) => !tool.params.includes(key) && !tool.query.includes(key) && !(key === "body" && tool.operation.body));
      if (unknown.length > 0) return problem(400, "Bad arguments", `Unknown argument(s) ${unknown.join(", ")}; ${name} takes ${[...tool.params, ...tool.query, ...(tool.operation.body ? ["body"] : [])].join(", ") || "none"}.`);
      const params: Record<string, string> = {};
      for (const key of tool.params) {
        const value = input[key];
        if (value === undefined || value === null || value === "") return problem(400, "Bad arguments", `${key}: required (a path parameter of ${tool.path}).`);
        params[key] = String(value);
      }
      const path = tool.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key]));
      const search = new URLSearchParams();
      for (const key of tool.query) for (const value of queryValue(input[key])) search.append(key, value);
      const hasBody = tool.operation.body !== undefined;
      const request = asPrincipal(
        new Request(`http://agent-tools.invalid${path}${search.size ? `?${search}` : ""}`, {
          method: tool.method,
          headers: { "x-request-id": `tool-${randomUUID()}`, ...(hasBody ? { "content-type": "application/json" } : {}) },
          ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}),
          signal,
        }),
        principal,
      );
      const handler = table.get(tool.path)![tool.method as keyof PathMethods];
      const response = await handler(request, { params: Promise.resolve(params) });
      const text = await response.text();
      const type = response.headers.get("content-type") ?? "";
      let body: unknown = text;
      if (text && type.includes("json")) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: response.status, ok: response.ok, body: text === "" ? null : body };
    },
  };
};

/** Hands the API table's toolbox to the areas (lib/api/table.ts calls it as the table loads). */
export const provideApiToolbox = (table: ReadonlyMap<string, PathMethods>) => provideToolbox(makeToolbox(table));

// Every registered operation, with the route handler that serves it, so that the hostile-input
// and authorization suites cover each route without a hand-kept list: a new operation is in
// ALL_OPERATIONS (the OpenAPI document is built from it) and therefore in both suites.
import { readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Operation } from "../../lib/core";
import { ALL_OPERATIONS } from "../../lib/http/api-document";
import type { RouteHandler } from "../../lib/http";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** app/…/route.ts of an operation path: "/api/agents/{agentId}" → app/api/agents/[agentId]/route.ts. */
export const routeFileOf = (operation: Operation) =>
  path.join(ROOT, "app", ...operation.path.split("/").filter(Boolean).map((segment) => segment.replace(/^\{(.+)\}$/, "[$1]")), "route.ts");

export const handlerOf = async (operation: Operation): Promise<RouteHandler> => {
  const exports = (await import(routeFileOf(operation))) as Record<string, RouteHandler>;
  const handler = exports[operation.method];
  if (!handler) throw new Error(`${routeFileOf(operation)} has no ${operation.method} export`);
  return handler;
};

export const paramNames = (operation: Operation) => [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/** The path with each {param} replaced by its (already percent-encoded) raw segment. */
export const rawPath = (operation: Operation, segments: Record<string, string>) =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? "x");

export const operations = ALL_OPERATIONS;

export const isWrite = (operation: Operation) => operation.method !== "GET";

/** Every route.ts under app/, relative to the repository ("app/api/agents/route.ts"). */
export const routeFiles = (dir = path.join(ROOT, "app")): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(ROOT, full)] : [];
  });

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  pattern?: string;
  format?: string;
};

// A plausible value for a schema: enough to get past the shape so that hostile mutations reach
// the deeper checks and the database. Not always valid (patterns are not solved), never random.
const exampleOf = (schema: JsonSchema | undefined, depth = 0, name = ""): unknown => {
  if (!schema || depth > 12) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return exampleOf(alternatives.find((option) => option.type !== "null") ?? alternatives[0], depth + 1, name);
  if (schema.allOf) return exampleOf(schema.allOf[0], depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, depth + 1, key)]));
    case "array": {
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item, depth + 1));
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => exampleOf(schema.items, depth + 1, name));
    }
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    case "string":
      if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
      if (schema.format === "email") return "fuzz@example.test";
      if (schema.format === "uri" || /url/i.test(name)) return "https://example.com/fuzz";
      if (/chain/i.test(name)) return "eth-mainnet";
      if (schema.pattern?.includes("{64}")) return `0x${"1".repeat(64)}`;
      if (schema.pattern?.includes("0x")) return `0x${"ab".repeat(20)}`;
      return "fuzz-value".padEnd(schema.minLength ?? 0, "x");
    default:
      return "fuzz";
  }
};

export const exampleBody = (operation: Operation): unknown =>
  operation.body ? exampleOf(z.toJSONSchema(operation.body, { io: "input", unrepresentable: "any" }) as JsonSchema) : undefined;

export const queryNames = (operation: Operation): string[] =>
  operation.query ? Object.keys((z.toJSONSchema(operation.query, { io: "input", unrepresentable: "any" }) as JsonSchema).properties ?? {}) : [];

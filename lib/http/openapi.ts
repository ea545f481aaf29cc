// The OpenAPI 3.1 document, generated from the same operation objects and zod schemas the
// routes validate with.
import { z } from "zod";
import { agentToolsOf, successStatus, type Operation } from "../core/operation";
import { scopeOf } from "../core/scopes";
import { inputJsonSchema } from "../core/json-schema";

type JsonSchema = Record<string, unknown>;

// A tuple (zod's z.tuple: `prefixItems`) also says what may follow its items: nothing (`{ not: {} }`, the
// schema no value matches: a closed tuple, in JSON Schema 2020-12), as linters expect of every array.
const closeTuples = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(closeTuples);
  if (node === null || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.prefixItems) && (!("items" in schema) || schema.items === false)) schema.items = { not: {} };
  for (const value of Object.values(schema)) closeTuples(value);
};

const toSchema = (schema: z.ZodType): JsonSchema => {
  const json = inputJsonSchema(schema);
  closeTuples(json);
  return json;
};

/** The document's tags, each with what its operations are about. */
const TAGS = [
  { name: "Service", description: "Health, readiness and this document: public, no credential" },
  { name: "API keys", description: "The signed-in user's API keys: created, listed and revoked from a session (never with a key)" },
  { name: "Users", description: "Accounts and their roles (admins)" },
  { name: "Agent credentials", description: "Credentials issued to one agent, with which it claims and reports its work" },
  { name: "Agents", description: "Autonomous agents: five roles each, a specialization, and measured or reported metrics" },
  { name: "Squads", description: "Groups of agents, with metrics aggregated from their members" },
  { name: "Syndicates", description: "Groups of squads, with metrics aggregated from theirs" },
  { name: "Marketplace", description: "Items offered to agents and groups: dApps, tools, data sets and more" },
  { name: "Deployments", description: "dApp deployments and their live status" },
  { name: "Tasks", description: "Work assigned to an agent, squad, syndicate, deployment or marketplace item" },
  { name: "Runs", description: "Agents at work: claims, heartbeats, steps, approvals and the ends of runs" },
  { name: "Engines", description: "OpenAI-compatible model engines that host agents" },
  { name: "Agents at work", description: "Hosted agents' settings and the MCP endpoint" },
  { name: "Use cases", description: "Industry use cases (read-only)" },
  { name: "Wallet", description: "Wallet metrics from real chain data: balances, positions, transactions, counterparties, approvals" },
  { name: "Quantum", description: "Statevector simulations and the analyses they drive for agents, squads, syndicates and wallets" },
  { name: "Search", description: "Records of every kind found by name or id" },
  { name: "Events", description: "The event log, its live stream, and the webhooks each event is delivered to" },
  { name: "Webhooks", description: "Endpoints that receive events, signed, with their delivery log" },
];

const PROBLEM_SCHEMA: JsonSchema = {
  type: "object",
  description: "RFC 9457 problem details",
  required: ["type", "title", "status"],
  properties: {
    type: { type: "string", format: "uri-reference" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    instance: { type: "string" },
    requestId: { type: "string" },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

// A parameter's example as its schema types it: "20" of an integer parameter is 20 (the operation's
// example gives values as sent on the wire, where every one is text).
const typedExample = (property: JsonSchema, value: string): unknown => {
  const types = [property.type, ...((property.anyOf as JsonSchema[] | undefined) ?? []).map((option) => option.type)].flat();
  if ((types.includes("integer") || types.includes("number")) && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
};

const parameters = (schema: z.ZodType | undefined, where: "path" | "query", examples: Record<string, string> = {}) => {
  if (!schema) return [];
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
    ...(name in examples ? { example: typedExample(property, examples[name]) } : {}),
  }));
};

const errorResponses = (operation: Operation) => {
  const responses: Record<string, unknown> = {};
  // Every operation: a query parameter it does not declare is refused, naming it (none are ignored).
  // A replace or an edit whose body names the record's id must name the path's (no schema can say so).
  const bodyId = operation.body && operation.params && (operation.method === "PUT" || operation.method === "PATCH") && "id" in ((toSchema(operation.body) as { properties?: object }).properties ?? {});
  responses["400"] = problem(
    operation.body
      ? `The request breaks the schema (every violation listed in errors), has a query parameter the operation does not declare${bodyId ? ", has a body id other than the path's" : ""}, or its JSON is malformed`
      : "The request breaks the schema (every violation listed in errors), or has a query parameter the operation does not declare",
  );
  responses["401"] = problem(
    operation.access === "public"
      ? "An Authorization header or session cookie that is present but not a valid credential (none is needed)"
      : "Missing or invalid credential",
  );
  const scope = scopeOf(operation);
  const scoped = scope ? `, or an API key whose scopes do not include ${scope}` : "";
  if (operation.access === "operator" || operation.access === "admin") responses["403"] = problem(`The credential lacks the ${operation.access} role, or is an agent credential whose roles do not allow this operation${scoped}`);
  else if (operation.access === "agent") responses["403"] = problem("Not an agent credential, or the run is not this agent's");
  else if (operation.credentials === "session") responses["403"] = problem("Called with an API key or an agent credential: this operation needs a signed-in session");
  else if (agentToolsOf(operation) !== "any") responses["403"] = problem(`An agent credential whose roles do not allow this operation${scoped}`);
  else if (scope) responses["403"] = problem(`An API key whose scopes do not include ${scope}`);
  if (operation.body) {
    responses["413"] = problem("Body over the size limit");
    responses["415"] = problem("Body is not JSON");
  }
  for (const [status, description] of Object.entries(operation.errors ?? {})) responses[status] = problem(description);
  // An operation's own 403 (another user's job, say) still may be a scoped key's refusal.
  if (scope && operation.errors?.[403]) responses["403"] = problem(`${operation.errors[403]}; or an API key whose scopes do not include ${scope}`);
  if (operation.method === "POST") {
    // Idempotency-Key (docs/api.md, "Idempotent creates"): its 409 and 422 join the operation's own.
    const join = (status: string, text: string) => {
      const own = (responses[status] as { description?: string } | undefined)?.description;
      responses[status] = problem(own ? `${own}; or ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
    };
    join("409", "a request with the same Idempotency-Key is still being answered (see Retry-After)");
    if (operation.secretAnswer) join("409", "a retry with the Idempotency-Key of a request already answered: its secret is shown once and not kept, so the problem names what was created, by id");
    join("422", "the Idempotency-Key was used before with a different request");
  }
  for (const [status, alternatives] of Object.entries(operation.errorAlternatives ?? {})) {
    const documented = (responses[status] ?? problem("An error")) as { description: string; content: Record<string, unknown> };
    responses[status] = {
      ...documented,
      content: { ...documented.content, ...Object.fromEntries(Object.entries(alternatives).map(([type, description]) => [type, { schema: { type: "object", description } }])) },
    };
  }
  responses["429"] = problem("Rate limit exceeded (see Retry-After)");
  responses["500"] = problem("Unexpected error");
  // Any operation, when the database (or another dependency) does not answer in time.
  const unavailable = "The database or another dependency does not answer right now; retry after Retry-After";
  const own503 = (responses["503"] as { description?: string } | undefined)?.description;
  responses["503"] = problem(own503 && !own503.includes(unavailable) ? `${own503}; or ${unavailable.charAt(0).toLowerCase()}${unavailable.slice(1)}` : unavailable);
  return responses;
};

const PAGE_HEADERS = {
  Link: { description: 'The next page: <url>; rel="next"', schema: { type: "string" } },
  "X-Total-Count": { description: "Number of items in the whole list", schema: { type: "integer" } },
};

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry safe: the same key with the same request within 24 hours gets the first answer again (with Idempotent-Replayed: true) instead of running twice; with another request it is a 422. 1–255 visible ASCII characters, such as a UUID.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

const REPLAYED = { "Idempotent-Replayed": { description: "true when this is the stored answer of an earlier request with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } } };

const successResponses = (operation: Operation) => {
  // The example answers the operation's success status (its lowest 2xx).
  const exampleStatus = successStatus(operation);
  const example = (status: string) => (Number(status) === exampleStatus && operation.example && "response" in operation.example ? { example: operation.example.response } : {});
  return Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        ...(operation.paged || operation.method === "POST"
          ? { headers: { ...(operation.paged ? PAGE_HEADERS : {}), ...(operation.method === "POST" ? REPLAYED : {}) } }
          : {}),
        ...(response.schema || response.alternatives
          ? {
              content: {
                ...(response.schema ? { "application/json": { schema: toSchema(response.schema), ...example(status) } } : {}),
                ...Object.fromEntries(Object.entries(response.alternatives ?? {}).map(([type, description]) => [type, { schema: { type: "string", description } }])),
              },
            }
          : {}),
      },
    ]),
  );
};

const security = (operation: Operation) =>
  operation.access === "public" ? [] : operation.access === "agent" ? [{ agentCredential: [] }] : [{ bearerAuth: [] }, { sessionCookie: [] }];

/** Which agents may call it, as the document says it (x-agent-tools). */
const agentTools = (operation: Operation) => {
  const tools = agentToolsOf(operation);
  return { "x-agent-tools": tools === "any" || tools === "none" ? tools : [...tools] };
};

/** An event type as the document describes it (lib/events' catalog): OpenAPI 3.1 `webhooks`, one per type. */
export type DocumentedEvent = { type: string; entityType: string; summary: string; data: z.ZodType; visibility?: "shared" | "private" | "owner-if-any" };

const WEBHOOK_HEADERS = [
  ["webhook-id", "The event's id (evt_…): the same on every retry of this delivery, so receivers can de-duplicate"],
  ["webhook-timestamp", "Unix seconds when this attempt was signed"],
  ["webhook-signature", "v1,<base64 HMAC-SHA256 of id.timestamp.body> (Standard Webhooks)"],
].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

/**
 * The event envelope (components.schemas.Event), each type's data (EventData.<type>) and one
 * `webhooks` entry per type: the POST a receiver gets, `{ type, timestamp, data: <envelope> }`.
 */
const eventParts = (events: DocumentedEvent[], envelope: z.ZodType) => {
  const schemas: Record<string, JsonSchema> = { Event: toSchema(envelope) };
  const webhooks: Record<string, unknown> = {};
  for (const event of events) {
    const dataName = `EventData.${event.type}`;
    schemas[dataName] = toSchema(event.data);
    const typed = {
      allOf: [
        { $ref: "#/components/schemas/Event" },
        {
          type: "object",
          properties: {
            type: { const: event.type },
            entity: { type: "object", properties: { type: { const: event.entityType }, id: { type: "string" } } },
            data: { $ref: `#/components/schemas/${dataName}` },
          },
        },
      ],
    };
    // Private events (a user's own jobs and wallets) are never delivered to webhooks: their data schema
    // is for readers of GET /api/events and the stream (the linters call it unused: a warning).
    if (event.visibility === "private") continue;
    webhooks[event.type] = {
      post: {
        operationId: `event.${event.type}`,
        summary: event.summary,
        description: `Sent to webhook endpoints subscribed to ${event.type} (or to every type); the same envelope as GET /api/events and the stream.`,
        tags: ["Events"],
        // Sent by this service to the receiver's URL, which authenticates it by its signature header.
        security: [],
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["type", "timestamp", "data"],
                properties: { type: { const: event.type }, timestamp: { type: "string", description: "When the event was committed (ISO 8601)" }, data: typed },
              },
            },
          },
        },
        responses: { "2XX": { description: "Received; any other answer (or none within the timeout) is retried" } },
      },
    };
  }
  return { schemas, webhooks };
};

/** The operation's description, and for public reads the setting that can close them. */
const describe = (operation: Operation) => {
  const parts = [operation.description, operation.access === "read" ? "Public unless the server sets API_PUBLIC_READS=false." : undefined].filter(Boolean);
  return parts.length ? { description: parts.join("\n\n") } : {};
};

export const buildOpenApiDocument = (operations: Operation[], version: string, events?: { types: DocumentedEvent[]; envelope: z.ZodType }) => {
  const documented = events ? eventParts(events.types, events.envelope) : { schemas: {}, webhooks: undefined };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: operation.tags,
      ...describe(operation),
      security: security(operation),
      ...agentTools(operation),
      ...(scopeOf(operation) ? { "x-scope": scopeOf(operation) } : {}),
      parameters: [
        ...parameters(operation.params, "path", operation.example?.params),
        ...parameters(operation.query, "query", operation.example?.query),
        ...(operation.method === "POST" ? [IDEMPOTENCY_KEY] : []),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: toSchema(operation.body), ...(operation.example && "body" in operation.example ? { example: operation.example.body } : {}) } },
            },
          }
        : {}),
      responses: { ...successResponses(operation), ...errorResponses(operation) },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Syndicate API",
      version,
      description:
        "Agents, squads, syndicates, marketplace, dApp deployments, tasks, industry use cases, wallet metrics and quantum analytics. Errors are RFC 9457 problem details.",
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Syndicate", url: "https://syndicate.dev" },
    },
    tags: TAGS.filter((tag) => operations.some((operation) => operation.tags.includes(tag.name)) || tag.name === "Events"),
    servers: [{ url: "/" }],
    paths,
    ...(documented.webhooks ? { webhooks: documented.webhooks } : {}),
    components: {
      schemas: { Problem: PROBLEM_SCHEMA, ...documented.schemas },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key created in Settings or with `npm run apikey`; or an agent credential, for the operations its roles allow (x-agent-tools)",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
        agentCredential: {
          type: "http",
          scheme: "bearer",
          description: "An agent credential (ak_syn_…), issued for one agent: it claims and reports that agent's work, and calls the operations its roles allow (x-agent-tools)",
        },
      },
    },
  };
};

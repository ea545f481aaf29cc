// An API operation, declared once: method, path, who may call it and the zod schemas of its
// parts. The route wrapper validates with these schemas and the OpenAPI document is generated
// from the same objects, so the two cannot disagree.
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * - public: anyone;
 * - read: anyone, unless API_PUBLIC_READS=false (then any credential);
 * - credential: any signed-in user or API key;
 * - operator / admin: at least that role;
 * - agent: an agent credential only (the run protocol: the agent's own work).
 */
export type Access = "public" | "read" | "credential" | "operator" | "admin" | "agent";

/**
 * Which agents may call an operation with their credential (docs/agents-at-work.md, "Tools"): "any"
 * agent, "none", or agents having one of the listed roles (role names, e.g. "Builder").
 */
export type AgentTools = "any" | "none" | readonly string[];

export type OperationResponse = {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
  /** Other media types the same answer can be had in (media type → what it holds), e.g. text/csv. */
  alternatives?: Record<string, string>;
};

/**
 * One call of an operation as a client makes it, and its answer: the document's examples. Values are
 * as sent on the wire (path and query values as strings). A unit test holds each against the
 * operation's schemas, and the linters check them again in the document.
 */
export type OperationExample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The success answer's JSON body; left out when the answer has none (204, or not JSON). */
  response?: unknown;
};

export type Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** OpenAPI-style path with {params}. */
  path: string;
  operationId: string;
  summary: string;
  /**
   * What a reader of the document needs beyond the summary: what the operation changes or reads,
   * its rules, and what to call next. Plain sentences (Markdown allowed).
   */
  description?: string;
  /** A request and its answer (OperationExample). */
  example?: OperationExample;
  tags: string[];
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Successful responses by status; error responses are added from the access and schemas. */
  responses: Record<number, OperationResponse>;
  /** Paged list: adds Link / X-Total-Count to the document. */
  paged?: boolean;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Count calls against the rate limits (default true; health checks opt out). */
  rateLimited?: boolean;
  /**
   * Which credentials may call it (default any). "session": a signed-in dashboard session only,
   * never an API key (API keys are managed from a session or the CLI, so a key cannot mint keys).
   */
  credentials?: "any" | "session";
  /**
   * Its success answer carries a secret shown once (a key, a credential, a signing secret). Such an
   * answer is never stored for an Idempotency-Key: a retry is told what was created, by id, with a 409
   * (lib/http/idempotency.ts).
   */
  secretAnswer?: true;
  /** Extra error statuses this operation can answer, with what they mean. */
  errors?: Record<number, string>;
  /**
   * Error answers that are not problems: by status, content type → what it holds (the MCP endpoint's
   * protocol errors are JSON-RPC error objects, as its clients expect).
   */
  errorAlternatives?: Record<number, Record<string, string>>;
  /**
   * Which agents may call it as a tool with an agent credential. Default: reads ("GET") any agent,
   * writes none; admin and session-only operations never. See agentToolsOf.
   */
  agentRoles?: AgentTools;
};

/** The agents that may call `operation` with their credential (its declaration, or the default). */
export const agentToolsOf = (operation: Operation): AgentTools => {
  if (operation.access === "agent") return "any";
  if (operation.access === "admin" || operation.credentials === "session") return "none";
  return operation.agentRoles ?? (operation.method === "GET" ? "any" : "none");
};

/** Keeps the exact schema types, so handlers see typed params, query and body. */
export const defineOperation = <O extends Operation>(operation: O): O => operation;

/** The status a successful call answers: the operation's declared success (lowest 2xx) response. */
export const successStatus = (operation: Operation): number =>
  Math.min(...Object.keys(operation.responses).map(Number).filter((status) => status >= 200 && status < 300));

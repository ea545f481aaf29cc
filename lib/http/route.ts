// The one route wrapper. In order: request id → credential → rate limit → role → parsing of
// params, query and body (zod) → a POST's Idempotency-Key → handler → error mapping → one log line.
// Every failure is a problem+json.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { env } from "../config/env";
import { runAsActor } from "../events/context";
import { actorOf, resolvePrincipal, unauthorized, type Principal } from "../auth/resolve-principal";
import { hasRole } from "../auth/rules";
import { AppError } from "../core/errors";
import { scopeOf } from "../core/scopes";
import { agentToolsOf, successStatus, type HttpMethod, type Operation } from "../core/operation";
import { toProblem } from "./to-problem";
import { problemResponse } from "./problem";
import { getRateLimiter, rateLimitHeaders } from "./rate-limit";
import { readJsonBody, parseParts } from "./parse";
import { clientAddress } from "./client-address";
import { logRequest } from "./log";
import { JsonAnswer } from "./json-answer";
import { withBodyText } from "./body-text";
import { claimIdempotencyKey, settleIdempotencyKey, type IdempotencyClaim } from "./idempotency";

type Part<O, K extends "params" | "query" | "body", Otherwise> = O extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : Otherwise;

export type RouteContext<O extends Operation> = {
  params: Part<O, "params", Record<string, never>>;
  query: Part<O, "query", Record<string, never>>;
  body: Part<O, "body", undefined>;
  /** Present whenever the operation needs a credential. */
  principal: O["access"] extends "credential" | "operator" | "admin" | "agent" ? Principal : Principal | null;
  request: Request;
  url: URL;
  requestId: string;
};

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteHandler = (request: Request, context: NextRouteContext) => Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Requests made in-process for a principal already known: a hosted agent's tool call (lib/api/tools.ts).
// Only code of this process can put a request here; a request from the network never is.
const presetPrincipals = new WeakMap<Request, Principal>();

/** Marks `request` (made in-process) as `principal`'s: the wrapper skips reading a credential from it. */
export const asPrincipal = (request: Request, principal: Principal): Request => {
  presetPrincipals.set(request, principal);
  return request;
};

/** The caller's X-Request-Id when it is a plain token, else a new UUID. */
export const requestIdOf = (request: Request) => {
  const given = request.headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : randomUUID();
};


// An agent credential calls what its roles allow (docs/agents-at-work.md, "Tools"): the operation's
// agent tools decide, in place of the role.
const authorizeAgent = (operation: Operation, agent: NonNullable<Principal["agent"]>) => {
  const tools = agentToolsOf(operation);
  if (tools === "any") return;
  if (tools === "none") {
    throw new AppError("forbidden", `An agent credential may not call ${operation.operationId} (${operation.method} ${operation.path}); it is not one of the tools agents may use.`);
  }
  if (!agent.roles.some((role) => tools.includes(role))) {
    throw new AppError(
      "forbidden",
      `${operation.operationId} is a tool of agents with the ${tools.join(" or ")} role; agent '${agent.id}' has ${[...new Set(agent.roles)].join(", ") || "no roles"}.`,
    );
  }
};

const authorize = (operation: Operation, principal: Principal | null) => {
  const access = operation.access;
  if (access === "agent") {
    if (!principal) throw unauthorized("This operation needs an agent credential (Authorization: Bearer ak_syn_…).");
    if (!principal.agent) throw new AppError("forbidden", "This operation is for agents: call it with an agent credential (issued on the agent's page or with POST /api/agents/{agentId}/credentials).");
    return;
  }
  if (principal?.agent) {
    authorizeAgent(operation, principal.agent);
    return;
  }
  // A scoped API key is held to its scopes on every operation but the public ones (lib/core/scopes.ts),
  // public reads included: a key is an identity with limits, whatever an anonymous caller may read.
  const scope = principal?.scopes ? scopeOf(operation) : undefined;
  if (scope && !principal!.scopes!.includes(scope)) {
    throw new AppError("forbidden", `This API key's scopes do not include ${scope}, which ${operation.operationId} needs; it has ${principal!.scopes!.join(", ")}.`);
  }
  if (access === "public" || (access === "read" && env().API_PUBLIC_READS)) return;
  if (!principal) throw unauthorized("This operation needs a credential: an API key (Authorization: Bearer) or a session.");
  if (operation.credentials === "session" && principal.kind !== "session") {
    throw new AppError("forbidden", "This operation needs a signed-in session; an API key cannot manage API keys.");
  }
  if (access === "operator" || access === "admin") {
    if (!hasRole(principal.role, access)) {
      throw new AppError("forbidden", `This operation needs the ${access} role; the credential has the ${principal.role} role.`);
    }
  }
};

// Cookies ride along on cross-site requests; a write made with a session must come from our own origin.
const checkOrigin = (request: Request, url: URL, principal: Principal | null) => {
  if (principal?.kind !== "session" || request.method === "GET") return;
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  if (!origin || !URL.canParse(origin) || new URL(origin).host !== host) {
    throw new AppError("forbidden", "Cross-origin writes with a session cookie are not allowed.");
  }
};

// One count per user, whatever the credential: all of a user's API keys and dashboard sessions
// share it, so minting more keys buys no more requests. Anonymous callers count per address.
const rateLimit = async (request: Request, principal: Principal | null) => {
  const config = env();
  const [key, limit] = principal
    ? [principal.agent ? `agent:${principal.agent.id}` : `user:${principal.userId}`, config.RATE_LIMIT_PER_KEY]
    : // Without a trusted proxy the address is unknown: anonymous callers then share one bucket.
      [`ip:${clientAddress(request) ?? "unknown"}`, config.RATE_LIMIT_PER_ADDRESS];
  const decision = await getRateLimiter().hit(key, limit, config.RATE_LIMIT_WINDOW_SECONDS);
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    throw new AppError(
      "rate_limited",
      `Rate limit of ${limit} requests per ${config.RATE_LIMIT_WINDOW_SECONDS} s exceeded; retry in ${decision.resetSeconds} s.`,
      { headers: { ...headers, "retry-after": String(decision.resetSeconds) } },
    );
  }
  return headers;
};

/**
 * What a handler gives back: a Response as is, or a value answered as JSON (nothing: an empty
 * body) with the operation's declared success status, so that handlers do not repeat it; a
 * JsonAnswer (a page) adds headers of its own.
 */
export type HandlerResult = Response | JsonAnswer | object | void;

const JSON_TYPE = "application/json";

// The Response with every header given to its constructor: setting them one by one afterwards
// (Headers#set validates each name and value) cost more than the rest of the wrapper. The body is
// JSON.stringify's text, as Response.json writes it.
const toResponse = (result: HandlerResult, status: number, headers: Record<string, string>): Response => {
  if (result instanceof Response) {
    for (const name in headers) result.headers.set(name, headers[name]);
    return result;
  }
  if (result === undefined) return new Response(null, { status, headers });
  const [body, own] = result instanceof JsonAnswer ? [result.body, result.headers] : [result, {}];
  return withBodyText(JSON.stringify(body), { status, headers: { ...own, "content-type": JSON_TYPE, ...headers } });
};

export const route = <O extends Operation>(
  operation: O,
  handler: (context: RouteContext<O>) => Promise<HandlerResult> | HandlerResult,
): RouteHandler => {
  const status = successStatus(operation);
  // Any valid credential may call it: an API key may come from the short key cache (lib/auth/resolve-principal.ts).
  const anyCredential = operation.access === "read" || operation.access === "public";
  const idempotent = operation.method === "POST";
  const handle: RouteHandler = async (request, nextContext) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    let headers: Record<string, string> = { "x-request-id": requestId };
    let principal: Principal | null = null;
    let response: Response;
    let failure: unknown;
    let claim: IdempotencyClaim | undefined;
    try {
      principal = presetPrincipals.get(request) ?? (await resolvePrincipal(request, { cachedKey: anyCredential }));
      if (operation.rateLimited !== false) headers = { ...headers, ...(await rateLimit(request, principal)) };
      authorize(operation, principal);
      checkOrigin(request, url, principal);
      const rawBody = operation.body ? await readJsonBody(request, operation.maxBodyBytes ?? env().MAX_BODY_BYTES) : undefined;
      const parts = parseParts(operation, {
        params: (await nextContext?.params) ?? {},
        query: url.searchParams,
        body: rawBody,
      });
      // A create sent with an Idempotency-Key runs once; a retry gets its first answer (./idempotency.ts).
      claim = idempotent ? await claimIdempotencyKey(request, url, rawBody, principal, clientAddress(request), operation.secretAnswer) : undefined;
      if (claim?.replay) {
        response = toResponse(claim.replay, status, headers);
      } else {
        const result = await runAsActor(actorOf(principal), () => handler({ ...parts, principal, request, url, requestId } as RouteContext<O>));
        response = toResponse(result, status, headers);
      }
    } catch (error) {
      failure = error;
      const problem = toProblem(error, { instance: url.pathname, requestId });
      response = problemResponse(problem.problem, { ...headers, ...problem.headers });
    }
    if (claim && !claim.replay) {
      // An unexpected failure (a 500) lets the key go, so that the retry runs again.
      await settleIdempotencyKey(claim, response, operation.secretAnswer).catch((error) => {
        failure ??= error;
      });
    }
    logRequest({ requestId, method: request.method, route: operation.path, status: response.status, started, principal, error: failure, clientGone: request.signal.aborted });
    return response;
  };
  operations.set(handle, operation);
  return handle;
};

// The operation each wrapped handler serves: methods() names its path in its 405 lines, and the
// API table (lib/api) files each handler under its operation's method and path.
const operations = new WeakMap<RouteHandler, Operation>();

/** The operation a handler made by route() serves; undefined for any other function. */
export const operationOf = (handler: RouteHandler): Operation | undefined => operations.get(handler);

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * A 405 problem with `Allow` for a method the path lacks, logged under `route` (the path's
 * template). The credential is not looked at: principal null. `method`: the one asked for, when the
 * request cannot carry it (TRACE, which a web Request refuses).
 */
export const refuseMethod =
  (allow: string, route: string, method?: string): RouteHandler =>
  async (request) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const response = problemResponse(
      {
        title: "Method Not Allowed",
        status: 405,
        detail: `${method ?? request.method} is not allowed here; allowed: ${allow}.`,
        instance: new URL(request.url).pathname,
        requestId,
      },
      { allow, "x-request-id": requestId },
    );
    logRequest({ requestId, method: method ?? request.method, route, status: response.status, started });
    return response;
  };

/**
 * The exports of a route.ts: the given handlers, and for every other method a 405 problem
 * with `Allow`, so that no method falls through to Next's default answer.
 */
export const methods = (handlers: Partial<Record<HttpMethod, RouteHandler>>): Record<HttpMethod, RouteHandler> => {
  const allow = METHODS.filter((method) => handlers[method]).join(", ");
  const path = Object.values(handlers)
    .map((handler) => operations.get(handler)?.path)
    .find((found) => found !== undefined);
  const refuse = refuseMethod(allow, path ?? "unknown");
  return Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? refuse])) as Record<HttpMethod, RouteHandler>;
};

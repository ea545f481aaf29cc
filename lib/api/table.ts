// The API as one table: every operation's route handler (route() of lib/http), filed under its
// operation's path template and method. The route files under app/ take their exports from it
// (apiMethods), and the production server's router (lib/api/router.ts) answers from it, so that
// Next.js and the router serve the same handlers for the same paths. A test checks that the route
// files and the table list the same paths and methods (tests/api/route-table.test.ts).
//
// Not in the table, served by Next.js only (each keeps its own route file):
// - app/api/auth/[...nextauth]: next-auth's endpoints, not operations of the API;
// - the catch-alls app/api/[...path], app/quantum/[...path], app/qmetrics/[...path] and the
//   prefixes app/api and app/qmetrics themselves: the 404 problem of a path that is no operation.
import type { HttpMethod } from "../core/operation";
import { methods, operationOf, type RouteHandler } from "../http";
import { agentsRoutes } from "./agents";
import { authRoutes } from "./auth";
import { deploymentsRoutes } from "./deployments";
import { enginesRoutes } from "./engines";
import { eventsRoutes } from "./events";
import { marketplaceRoutes } from "./marketplace";
import { quantumRoutes } from "./quantum";
import { runsRoutes } from "./runs";
import { searchRoutes } from "./search";
import { serviceRoutes } from "./service";
import { squadsRoutes } from "./squads";
import { syndicatesRoutes } from "./syndicates";
import { tasksRoutes } from "./tasks";
import { usecasesRoutes } from "./usecases";
import { walletRoutes } from "./wallet";
import { webhooksRoutes } from "./webhooks";
import { registerApp } from "../startup/register";
import { provideApiToolbox } from "./tools";
import { MOVED_PATHS, movedMethods } from "./moved-paths";

// Whatever serves these handlers — Next's route bundles, the router, a script or a test that calls
// them — is an app process: the areas' registrations (event catalog, outbox subscribers, deletion
// guards) are in place before the first handler runs. Idempotent.
registerApp();

/** A path's handler for every method: its operations, and a 405 problem with Allow for the rest. */
export type PathMethods = Record<HttpMethod, RouteHandler>;

const ROUTES: RouteHandler[] = [
  ...serviceRoutes,
  ...authRoutes,
  ...agentsRoutes,
  ...squadsRoutes,
  ...syndicatesRoutes,
  ...marketplaceRoutes,
  ...deploymentsRoutes,
  ...tasksRoutes,
  ...runsRoutes,
  ...enginesRoutes,
  ...usecasesRoutes,
  ...walletRoutes,
  ...quantumRoutes,
  ...searchRoutes,
  ...eventsRoutes,
  ...webhooksRoutes,
];

const byPath = new Map<string, Partial<Record<HttpMethod, RouteHandler>>>();
for (const handler of ROUTES) {
  const operation = operationOf(handler);
  if (!operation) throw new Error("The API table holds a handler that route() did not make.");
  const handlers = byPath.get(operation.path) ?? {};
  if (handlers[operation.method]) throw new Error(`The API table has two handlers for ${operation.method} ${operation.path}.`);
  handlers[operation.method] = handler;
  byPath.set(operation.path, handlers);
}

const current = new Map([...byPath].map(([path, handlers]) => [path, methods(handlers)]));

/**
 * Path template ("/api/agents/{agentId}/details") → its handler for every method; a moved path's old
 * template answers as its new one, saying it moved (./moved-paths.ts). Not in the document.
 */
export const API_TABLE: ReadonlyMap<string, PathMethods> = new Map([
  ...current,
  ...MOVED_PATHS.map(({ from, to }) => {
    const now = current.get(to);
    if (!now) throw new Error(`A moved path's new template ${to} is not in the API table.`);
    return [from, movedMethods({ from, to }, now)] as const;
  }),
]);

// Hosted agents and MCP clients call the table's operations as tools (lib/api/tools.ts).
provideApiToolbox(API_TABLE);

/** Every operation of the table as "METHOD /path/{param}", sorted. */
export const apiOperations = (): string[] =>
  [...byPath].flatMap(([path, handlers]) => Object.keys(handlers).map((method) => `${method} ${path}`)).sort();

/**
 * The exports of the route file at `path` (its template, "/api/agents/{agentId}"): a route file is
 * `export const { GET, POST, PUT, PATCH, DELETE } = apiMethods("/api/agents/{agentId}")`.
 */
export const apiMethods = (path: string): PathMethods => {
  const found = API_TABLE.get(path);
  if (!found) throw new Error(`The API table has no operation at ${path}: add it to a file of lib/api.`);
  return found;
};

// Routing. A segment is static ("agents") or a parameter ("{agentId}"); the table has no
// catch-alls. Next.js tries the routes of a path in this order: wherever two templates first
// differ, a static segment before a parameter (its sorted route tree, walked depth first). Only
// templates of the same length can match the same path, so they are kept apart by length.
type Template = { path: string; segments: (string | null)[]; names: string[]; methods: PathMethods };

const templateOf = (path: string, pathMethods: PathMethods): Template => {
  const parts = path.split("/").slice(1);
  const segments = parts.map((part) => (/^\{[^}]+\}$/.test(part) ? null : part));
  const names = parts.flatMap((part) => (/^\{[^}]+\}$/.test(part) ? [part.slice(1, -1)] : []));
  return { path, segments, names, methods: pathMethods };
};

/** Next.js's order of two templates: at their first difference, a static segment first. */
export const compareTemplates = (a: (string | null)[], b: (string | null)[]) => {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [left, right] = [a[index], b[index]];
    if (left === right) continue;
    if (left === null) return 1;
    if (right === null) return -1;
    return left < right ? -1 : 1;
  }
  return a.length - b.length;
};

const staticPaths = new Map<string, PathMethods>();
const dynamicByLength = new Map<number, Template[]>();
for (const [path, pathMethods] of API_TABLE) {
  const template = templateOf(path, pathMethods);
  if (template.names.length === 0) {
    staticPaths.set(path, pathMethods);
    continue;
  }
  const sameLength = dynamicByLength.get(template.segments.length) ?? [];
  sameLength.push(template);
  dynamicByLength.set(template.segments.length, sameLength);
}
for (const templates of dynamicByLength.values()) templates.sort((a, b) => compareTemplates(a.segments, b.segments));

export type ResolvedPath = { path: string; params: Record<string, string>; methods: PathMethods };

/**
 * The table's route for a plain path (no percent-encoding, no empty or dot segment: the router
 * checks), with its params, as Next.js would pick it among the table's routes; null when no
 * template matches. Static paths first, then the templates in Next's order.
 */
export const resolveApiPath = (pathname: string): ResolvedPath | null => {
  const found = staticPaths.get(pathname);
  if (found) return { path: pathname, params: {}, methods: found };
  const parts = pathname.split("/").slice(1);
  const candidates = dynamicByLength.get(parts.length);
  if (!candidates) return null;
  next: for (const template of candidates) {
    const params: Record<string, string> = {};
    let name = 0;
    for (let index = 0; index < parts.length; index++) {
      const segment = template.segments[index];
      if (segment === null) params[template.names[name++]] = parts[index];
      else if (segment !== parts[index]) continue next;
    }
    return { path: template.path, params, methods: template.methods };
  }
  return null;
};

// Part of `npm run bench` (started by scripts/bench-api.ts as a child in its own process group):
// the two peers the app is measured against, on the same database (DATABASE_URL).
//
//   BARE_PG_PORT      node:http + pg, one SQL statement per route (two for the list: the page
//                     and its count, as the app), the JSON built by the same shaping functions.
//                     The details routes run the app's own statements (lib/*/…-sql.ts): the
//                     same SQL. The practical limit of answering the route from this database.
//   BARE_HANDLER_PORT node:http calling the project's own route handler (the app/api route.ts
//                     export: wrapper, key lookup, rate limit, zod, Prisma, the domain) without
//                     Next.js: app minus this is what the framework itself costs.
//
// Both answer the same bodies, byte for byte, as the app (bench-api.ts checks before measuring).
// The wallet metrics and the quantum analysis are computation more than data: their bare peer
// calls the same domain function (getWalletMetrics, analyzeAgent) from node:http.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { AGENT_DETAILS_SQL, agentOfRow, type AgentDetailsRow } from "../lib/agents/agent-sql";
import { toSquadView } from "../lib/squads";
import { SQUAD_DETAILS_SQL, squadRowOf } from "../lib/squads/squad-sql";
import { toSyndicateView } from "../lib/syndicates/syndicate-shape";
import { SYNDICATE_DETAILS_SQL, syndicateRowOf } from "../lib/syndicates/syndicate-sql";
import { getWalletMetrics } from "../lib/wallet";
import { analyzeAgent } from "../lib/quantum";
import { OPERATOR_USER_ID } from "../lib/seed";
import * as agentsRoute from "../app/api/agents/route";
import * as agentDetailsRoute from "../app/api/agents/[agentId]/details/route";
import * as squadDetailsRoute from "../app/api/squads/[squadId]/details/route";
import * as syndicateDetailsRoute from "../app/api/syndicates/[syndicateId]/details/route";
import * as metricsRoute from "../app/api/metrics/route";
import * as quantumAgentRoute from "../app/quantum/agent/route";

// Without JIT, as the app's pool (lib/db/client.ts): the same statements planned the same way.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: "-c jit=off" });

// The list: the page and its count, as the app sends them (two statements, in parallel).
const AGENTS_PAGE_SQL = `SELECT a.id, a.name, coalesce(r."roleName", a.specialization) AS "currentRole", a."completionRate", a.specialization
  FROM "Agent" a LEFT JOIN "AgentRole" r ON r."agentId" = a.id AND r.position = 0 ORDER BY a.id LIMIT $1`;
const AGENTS_COUNT_SQL = `SELECT count(*)::int AS n FROM "Agent"`;

const json = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(body);
};

const notFound = (response: ServerResponse) => json(response, 404, '{"status":404}');

// The bare node:http + pg answers.
const barePg = async (url: URL, request: IncomingMessage, response: ServerResponse) => {
  const path = url.pathname.split("/").filter(Boolean);
  if (url.pathname === "/api/agents") {
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const [page, total] = await Promise.all([pool.query(AGENTS_PAGE_SQL, [limit]), pool.query(AGENTS_COUNT_SQL)]);
    return json(response, 200, JSON.stringify(page.rows), { "x-total-count": String(total.rows[0].n) });
  }
  if (path[1] === "agents" && path[3] === "details") {
    const { rows } = await pool.query<AgentDetailsRow>(AGENT_DETAILS_SQL, [decodeURIComponent(path[2])]);
    if (!rows[0]) return notFound(response);
    return json(response, 200, JSON.stringify(agentOfRow(rows[0])));
  }
  if (path[1] === "squads" && path[3] === "details") {
    const { rows } = await pool.query(SQUAD_DETAILS_SQL, [decodeURIComponent(path[2])]);
    if (!rows[0]) return notFound(response);
    return json(response, 200, JSON.stringify(toSquadView(squadRowOf(rows[0].squad)).squad));
  }
  if (path[1] === "syndicates" && path[3] === "details") {
    const { rows } = await pool.query(SYNDICATE_DETAILS_SQL, [decodeURIComponent(path[2])]);
    if (!rows[0]) return notFound(response);
    return json(response, 200, JSON.stringify(toSyndicateView(syndicateRowOf(rows[0].syndicate)).syndicate));
  }
  if (url.pathname === "/api/metrics" && request.method === "POST") {
    const body = JSON.parse((await readBody(request)) || "{}");
    return json(response, 200, JSON.stringify(await getWalletMetrics(OPERATOR_USER_ID, body)));
  }
  if (url.pathname === "/quantum/agent") {
    const shots = Number(url.searchParams.get("shots") ?? 1024);
    const seed = Number(url.searchParams.get("seed") ?? 1);
    return json(response, 200, JSON.stringify(await analyzeAgent(url.searchParams.get("agentId") ?? "", { shots, seed })));
  }
  return notFound(response);
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

// The project's own route handlers, without Next.js: a web Request in, the Response's bytes out.
const HANDLERS: { pattern: RegExp; method: string; handler: Handler; param?: string }[] = [
  { pattern: /^\/api\/agents$/, method: "GET", handler: agentsRoute.GET },
  { pattern: /^\/api\/agents\/([^/]+)\/details$/, method: "GET", handler: agentDetailsRoute.GET, param: "agentId" },
  { pattern: /^\/api\/squads\/([^/]+)\/details$/, method: "GET", handler: squadDetailsRoute.GET, param: "squadId" },
  { pattern: /^\/api\/syndicates\/([^/]+)\/details$/, method: "GET", handler: syndicateDetailsRoute.GET, param: "syndicateId" },
  { pattern: /^\/api\/metrics$/, method: "POST", handler: metricsRoute.POST },
  { pattern: /^\/quantum\/agent$/, method: "GET", handler: quantumAgentRoute.GET },
];

const bareHandler = async (url: URL, request: IncomingMessage, response: ServerResponse) => {
  const found = HANDLERS.find((entry) => entry.method === request.method && entry.pattern.test(url.pathname));
  if (!found) return notFound(response);
  const match = found.pattern.exec(url.pathname)!;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  const body = request.method === "POST" ? await readBody(request) : undefined;
  const answer = await found.handler(new Request(url, { method: request.method, headers, body }), {
    params: Promise.resolve(found.param ? { [found.param]: decodeURIComponent(match[1]) } : {}),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => (out[name] = value));
  response.writeHead(answer.status, out);
  response.end(Buffer.from(await answer.arrayBuffer()));
};

const serve = (port: number, answer: typeof barePg) =>
  new Promise<void>((resolve) => {
    createServer((request, response) => {
      const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
      answer(url, request, response).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) json(response, 500, JSON.stringify({ error: String(error) }));
        else response.destroy();
      });
    }).listen(port, "127.0.0.1", resolve);
  });

if (process.env.BARE_PG_PORT) {
  await serve(Number(process.env.BARE_PG_PORT), barePg);
  await serve(Number(process.env.BARE_HANDLER_PORT), bareHandler);
  console.log("bare servers ready");
  // Gone with the bench: stop when the parent does.
  const parent = Number(process.env.BENCH_PARENT_PID);
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.exit(0);
    }
  }, 1000).unref();
}

// Part of `npm run bench` (started by scripts/bench-api.ts as a child in its own process group):
// node:http peers the app is measured against, on the process's database (DATABASE_URL's server,
// or the embedded database of DATA_DIR).
//
//   BARE_PG_PORT      node:http answering each measured route with scripts/bench-bare-answers.ts:
//                     the app's own SQL statements and shaping functions, nothing else (no key
//                     lookup, rate limit, validation or log line). The practical limit of
//                     answering the route from this database.
//   BARE_HANDLER_PORT (optional) node:http calling the project's own route handler (the app/api
//                     route.ts export: wrapper, key lookup, rate limit, zod, the domain) without
//                     Next.js. Measured only when the bare Next.js app could not be built: app
//                     minus this is then what the framework costs.
//
// Each answers the same bodies, byte for byte, as the app (bench-api.ts checks before measuring).
// GET /health runs one statement: the bench waits on it for the database to be idle. SIGTERM
// closes the database (the embedded folder's lock) and exits.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import * as bare from "./bench-bare-answers";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const send = (response: ServerResponse, answer: bare.BareAnswer) => {
  response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
  response.end(answer.body);
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

const segment = (value: string) => decodeURIComponent(value);

// The bare answers, routed by hand.
const barePg = async (url: URL, request: IncomingMessage, response: ServerResponse) => {
  const path = url.pathname.split("/").filter(Boolean);
  const get = request.method === "GET";
  if (get && url.pathname === "/api/agents") return send(response, await bare.agentList(Number(url.searchParams.get("limit") ?? 100)));
  if (get && path.length === 4 && path[3] === "details") {
    if (path[1] === "agents") return send(response, await bare.agentDetails(segment(path[2])));
    if (path[1] === "squads") return send(response, await bare.squadDetails(segment(path[2])));
    if (path[1] === "syndicates") return send(response, await bare.syndicateDetails(segment(path[2])));
  }
  if (request.method === "POST" && url.pathname === "/api/metrics") return send(response, await bare.walletMetrics(await readBody(request)));
  if (get && url.pathname === "/quantum/agent") return send(response, await bare.agentAnalysis(url.searchParams));
  if (get && url.pathname === "/health") return send(response, await bare.health());
  return send(response, { status: 404, body: '{"status":404}' });
};

// The project's own route handlers, without Next.js: a web Request in, the Response's bytes out.
// Loaded only when asked for (they load the whole app's domain).
const handlers = async () => {
  const [agents, agentDetails, squadDetails, syndicateDetails, metrics, quantumAgent] = await Promise.all([
    import("../app/api/agents/route"),
    import("../app/api/agents/[agentId]/details/route"),
    import("../app/api/squads/[squadId]/details/route"),
    import("../app/api/syndicates/[syndicateId]/details/route"),
    import("../app/api/metrics/route"),
    import("../app/quantum/agent/route"),
  ]);
  const table: { pattern: RegExp; method: string; handler: Handler; param?: string }[] = [
    { pattern: /^\/api\/agents$/, method: "GET", handler: agents.GET },
    { pattern: /^\/api\/agents\/([^/]+)\/details$/, method: "GET", handler: agentDetails.GET, param: "agentId" },
    { pattern: /^\/api\/squads\/([^/]+)\/details$/, method: "GET", handler: squadDetails.GET, param: "squadId" },
    { pattern: /^\/api\/syndicates\/([^/]+)\/details$/, method: "GET", handler: syndicateDetails.GET, param: "syndicateId" },
    { pattern: /^\/api\/metrics$/, method: "POST", handler: metrics.POST },
    { pattern: /^\/quantum\/agent$/, method: "GET", handler: quantumAgent.GET },
  ];
  return async (url: URL, request: IncomingMessage, response: ServerResponse) => {
    const found = table.find((entry) => entry.method === request.method && entry.pattern.test(url.pathname));
    if (!found) return send(response, { status: 404, body: '{"status":404}' });
    const match = found.pattern.exec(url.pathname)!;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const body = request.method === "POST" ? await readBody(request) : undefined;
    const answer = await found.handler(new Request(url, { method: request.method, headers, body }), {
      params: Promise.resolve(found.param ? { [found.param]: segment(match[1]) } : {}),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => (out[name] = value));
    response.writeHead(answer.status, out);
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
};

const serve = (port: number, answer: typeof barePg) =>
  new Promise<void>((resolve) => {
    createServer((request, response) => {
      const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
      answer(url, request, response).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) send(response, { status: 500, body: JSON.stringify({ error: String(error) }) });
        else response.destroy();
      });
    }).listen(port, "127.0.0.1", resolve);
  });

if (process.env.BARE_PG_PORT) {
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      void bare.closeBare().finally(() => process.exit(0));
    });
  await serve(Number(process.env.BARE_PG_PORT), barePg);
  if (process.env.BARE_HANDLER_PORT) await serve(Number(process.env.BARE_HANDLER_PORT), await handlers());
  console.log("bare servers ready");
  // Gone with the bench: stop when the parent does.
  const parent = Number(process.env.BENCH_PARENT_PID);
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void bare.closeBare().finally(() => process.exit(0));
    }
  }, 1000).unref();
}

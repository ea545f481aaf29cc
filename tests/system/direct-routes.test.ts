// The API router (lib/api/router.ts, from the API table) must answer exactly as Next.js does. The same
// database is served twice, first with DIRECT_ROUTES=off (every request through Next), then with
// the router on; each request of the list below is sent to both, and status, headers and body must
// match once the per-request values (request id, rate-limit counters, timings) are set aside.
// The list covers what the router decides or rebuilds: static and dynamic routes, query strings,
// problems (400, 401, 403, 404, 405, 413, 415), bodies, a session cookie, compression (Brotli
// offered too), the order of static segments and parameters, and the requests it leaves to Next
// (HEAD, OPTIONS, trailing slash, percent-encoding, catch-alls, the prefixes themselves, pages).
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, startServer, testDatabase, type SystemServer } from "./server";
import { keyFor, signIn, type CookieJar } from "./session";

// `direct`: the table's path template the router answers it with, or null when Next.js must.
// `raw`: sent with node:http, without the Accept-Encoding header fetch always adds.
type Probe = { name: string; method?: string; path: string; auth?: "key" | "session"; headers?: Record<string, string>; body?: string; raw?: boolean; direct: string | null };

const json = { "content-type": "application/json" };
const PROBES: Probe[] = [
  { name: "a list with a cursor link", path: "/api/agents?limit=3", auth: "key", direct: "/api/agents" },
  { name: "a list, gzip-compressed", path: "/api/agents?limit=50", auth: "key", headers: { "accept-encoding": "gzip" }, direct: "/api/agents" },
  { name: "a list with a bad query", path: "/api/agents?limit=abc", auth: "key", direct: "/api/agents" },
  { name: "a list, no Accept-Encoding", path: "/api/agents?limit=50", auth: "key", raw: true, direct: "/api/agents" },
  { name: "a problem, no Accept-Encoding", path: "/api/agents/no-such-agent/details", auth: "key", raw: true, direct: "/api/agents/{agentId}/details" },
  { name: "liveness, no Accept-Encoding", path: "/api/health/live", raw: true, direct: "/api/health/live" },
  { name: "agent details", path: "/api/agents/agent-0001/details", auth: "key", direct: "/api/agents/{agentId}/details" },
  { name: "squad details", path: "/api/squads/squad-0001/details", auth: "key", direct: "/api/squads/{squadId}/details" },
  { name: "syndicate details", path: "/api/syndicates/syndicate-0001/details", auth: "key", direct: "/api/syndicates/{syndicateId}/details" },
  { name: "details of an unknown agent", path: "/api/agents/no-such-agent/details", auth: "key", direct: "/api/agents/{agentId}/details" },
  { name: "a static route beside a dynamic one", path: "/api/wallets/address-book", auth: "key", direct: "/api/wallets/address-book" },
  { name: "a static segment before a parameter", path: "/api/wallets/address-book/approvals", auth: "key", direct: "/api/wallets/address-book/{address}" },
  { name: "a route beside the quantum pages", path: "/quantum/jobs/no-such-job", auth: "key", direct: "/quantum/jobs/{jobId}" },
  { name: "a list, Brotli offered too", path: "/api/agents?limit=50", auth: "key", headers: { "accept-encoding": "gzip, deflate, br" }, direct: "/api/agents" },
  { name: "a write without a credential", method: "POST", path: "/api/agents", headers: json, body: "{}", direct: "/api/agents" },
  { name: "a write with an invalid body", method: "POST", path: "/api/agents", auth: "key", headers: json, body: '{"name":1}', direct: "/api/agents" },
  { name: "a write that is not JSON", method: "POST", path: "/api/agents", auth: "key", headers: { "content-type": "text/plain" }, body: "hello", direct: "/api/agents" },
  { name: "a write past the body limit", method: "POST", path: "/api/agents", auth: "key", headers: json, body: `{"name":"${"x".repeat(8_000)}"}`, direct: "/api/agents" },
  { name: "a method the route does not allow", method: "PUT", path: "/api/agents", auth: "key", headers: json, body: "{}", direct: "/api/agents" },
  { name: "a session read", path: "/api/keys", auth: "session", direct: "/api/keys" },
  { name: "a session write from another origin", method: "POST", path: "/api/keys", auth: "session", headers: { ...json, origin: "https://elsewhere.example" }, body: '{"name":"x"}', direct: "/api/keys" },
  { name: "a quantum analysis with a seed", path: "/quantum/agent?agentId=agent-0001&seed=7", auth: "key", direct: "/quantum/agent" },
  { name: "the API document", path: "/api/openapi.json", headers: { "accept-encoding": "gzip" }, direct: "/api/openapi.json" },
  { name: "HEAD (Next implements it)", method: "HEAD", path: "/api/agents?limit=1", auth: "key", direct: null },
  { name: "OPTIONS (Next implements it)", method: "OPTIONS", path: "/api/agents", direct: null },
  { name: "a trailing slash (Next redirects)", path: "/api/agents/", auth: "key", direct: null },
  { name: "a percent-encoded path (the proxy)", path: "/api/agent%73", auth: "key", direct: null },
  { name: "no such operation (a catch-all)", path: "/api/nothing/here", auth: "key", direct: null },
  { name: "the API prefix itself", path: "/api", direct: null },
  { name: "the metrics prefix itself", method: "POST", path: "/qmetrics", headers: json, body: "{}", direct: null },
  { name: "a page", path: "/signin", direct: null },
];

// Values that differ from one request to the next whoever answers.
// Framing: the router sends a JSON answer with a Content-Length, Next.js chunked.
const VOLATILE_HEADERS = new Set(["date", "x-request-id", "ratelimit-remaining", "ratelimit-reset", "keep-alive", "connection", "content-length", "transfer-encoding"]);
const VOLATILE_FIELDS = /"(requestId|simulationDuration|lastUsedAt)":"[^"]*"/g;

type Answer = { status: number; headers: Record<string, string>; body: string };

/** A GET through node:http, which sends only the headers given; the answer as a Response. */
const rawGet = (server: SystemServer, path: string, headers: Record<string, string>) =>
  new Promise<Response>((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const kept = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") kept.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers: kept }));
      });
      answer.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });

const ask = async (server: SystemServer, probe: Probe, key: string, jar: CookieJar): Promise<Answer> => {
  const headers: Record<string, string> = { ...probe.headers };
  if (probe.auth === "key") headers.authorization = `Bearer ${key}`;
  if (probe.auth === "session") headers.cookie = jar.header();
  const response = probe.raw ? await rawGet(server, probe.path, headers) : await server.fetch(probe.path, { method: probe.method ?? "GET", headers, body: probe.body, redirect: "manual" });
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!VOLATILE_HEADERS.has(name)) kept[name] = value;
  });
  const body = (await response.text()).replace(VOLATILE_FIELDS, '"$1":"…"');
  return { status: response.status, headers: kept, body: probe.path === "/signin" ? `${body.length > 0}` : body };
};

/**
 * On one keep-alive connection: a 2 MB body the server refuses (413) before reading it, declared
 * by its Content-Length or sent chunked, then a GET. The statuses of both (0: no answer in 10 s).
 */
const afterRefusedBody = async (server: SystemServer, key: string, chunked: boolean) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<number>((resolve) => {
      const sent = request(`${server.url}${path}`, { method, headers, agent }, (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      });
      sent.setTimeout(10_000, () => {
        sent.destroy();
        resolve(0);
      });
      sent.on("error", () => resolve(-1));
      sent.end(body);
    });
  try {
    const body = Buffer.alloc(2_000_000, 0x20);
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", ...(chunked ? {} : { "content-length": String(body.length) }) };
    return [await send("POST", "/api/agents", headers, body), await send("GET", "/api/health/live", {})];
  } finally {
    agent.destroy();
  }
};
const keepAlive = new Map<string, number[]>();

let database: Awaited<ReturnType<typeof testDatabase>>;
const answers = new Map<string, { next: Answer; direct: Answer }>();
const dispatched: string[] = [];
let listening: Record<string, unknown>[] = [];
let key = "";

const serveAll = async (mode: "next" | "direct") => {
  // A small body limit: a body past it fits in the socket's buffers, so that a server answering 413
  // before reading it all does not reset the connection under the client.
  const server = await startServer({ env: { ...database.env, DIRECT_ROUTES: mode === "next" ? "off" : undefined, LOG_LEVEL: "debug", MAX_BODY_BYTES: "4096" } });
  try {
    if (!key) key = await keyFor(server, ACCOUNTS.admin);
    const jar = await signIn(server, ACCOUNTS.admin);
    for (const probe of PROBES) {
      const answer = await ask(server, probe, key, jar);
      const entry = answers.get(probe.name) ?? ({} as { next: Answer; direct: Answer });
      entry[mode] = answer;
      answers.set(probe.name, entry);
    }
    const lines = server.jsonLines();
    for (const chunked of [false, true]) keepAlive.set(`${mode} ${chunked ? "chunked" : "declared"}`, await afterRefusedBody(server, key, chunked));
    listening = [...listening, ...lines.filter((line) => line.msg === "listening")];
    if (mode === "direct") for (const line of lines) if (line.msg === "direct route") dispatched.push(`${line.method} ${line.route}`);
  } finally {
    await server.stop();
  }
};

beforeAll(async () => {
  database = await testDatabase("direct");
  await serveAll("next");
  await serveAll("direct");
}, 300_000);

afterAll(async () => {
  await database?.cleanup().catch(() => {});
});

describe("the API router", () => {
  it("is off when asked and on by default, and says so when the server starts", () => {
    expect(listening.map((line) => line.directRoutes)).toEqual(["off (DIRECT_ROUTES=off)", "on"]);
  });

  it.each(PROBES.map((probe) => [probe.name, probe] as const))("%s: the same answer as Next.js", (_name, probe) => {
    const { next, direct } = answers.get(probe.name)!;
    expect(direct.status).toBe(next.status);
    expect(direct.headers).toEqual(next.headers);
    expect(direct.body).toBe(next.body);
  });

  it("takes the API requests it can answer and leaves the rest to Next.js", () => {
    // One log line per request the router answered, in order, naming the table's path template
    // (the harness's readiness polls before the probes are answered by it too).
    const expected = PROBES.filter((probe) => probe.direct).map((probe) => `${probe.method ?? "GET"} ${probe.direct}`);
    expect(dispatched.filter((line) => line !== "GET /api/health/ready")).toEqual(expected);
  });

  it("keeps a connection usable after refusing a body it did not read, as Next does", () => {
    // The refused POST is a 413; the GET after it on the same connection is answered (the rest of
    // the body drained, or the connection closed after the 413 so that the client opens another).
    expect(Object.fromEntries(keepAlive)).toEqual({
      "next declared": [413, 200],
      "next chunked": [413, 200],
      "direct declared": [413, 200],
      "direct chunked": [413, 200],
    });
  });

  it("answers what a user would expect, not merely the same as Next", () => {
    const answer = (name: string) => answers.get(name)!.direct;
    expect(answer("a list with a cursor link").status).toBe(200);
    expect(answer("a list with a cursor link").headers.link).toMatch(/rel="next"/);
    expect(answer("a list, gzip-compressed").headers["content-encoding"]).toBe("gzip");
    expect(answer("a list, Brotli offered too").headers["content-encoding"]).toBe("gzip");
    expect(answer("a static segment before a parameter").status).toBe(405);
    expect(answer("a route beside the quantum pages").status).toBe(404);
    expect(answer("a list, no Accept-Encoding").headers["content-encoding"]).toBeUndefined();
    expect(answer("a list, no Accept-Encoding").headers.vary).toMatch(/Accept-Encoding$/);
    expect(answer("a list with a bad query").status).toBe(400);
    expect(answer("details of an unknown agent").status).toBe(404);
    expect(answer("a write without a credential").status).toBe(401);
    expect(answer("a write that is not JSON").status).toBe(415);
    expect(answer("a write past the body limit").status).toBe(413);
    expect(answer("a method the route does not allow").status).toBe(405);
    expect(answer("a session read").status).toBe(200);
    expect(answer("a session write from another origin").status).toBe(403);
    expect(answer("agent details").headers["x-frame-options"]).toBe("DENY");
    for (const name of ["the API prefix itself", "the metrics prefix itself"]) {
      expect(answer(name).status, name).toBe(404);
      expect(answer(name).headers["content-type"], name).toBe("application/problem+json");
    }
  });
});

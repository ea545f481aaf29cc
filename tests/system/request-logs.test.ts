// The request log of the production server (docs/operations.md, "Logs"): its stdout carries one
// JSON line per API request — request id, method, path template, status, duration, principal —
// and process lines of the same shape, and nothing it prints holds a password, an API key, a
// cookie, an Authorization value or a query string.
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNTS, PASSWORD, startServer, testDatabase, waitFor, type SystemServer } from "./server";
import { CookieJar, createKey, SESSION_COOKIE, signIn, withSession } from "./session";

const QUERY_SECRET = "query-secret-91d0c3";
const PATH_SECRET = "path-secret-0e7b52";
const WRONG_PASSWORD = "wrong-password-64af18";

type Line = {
  level: string;
  time: string;
  pid: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  principal?: { kind: string; id: string; keyId?: string } | null;
};

let cleanup = async () => {};
afterAll(async () => cleanup());

const linesOf = (server: SystemServer) => server.jsonLines() as Line[];

/** The request lines of `requestId`, once the server has written at least one. */
const linesFor = async (server: SystemServer, requestId: string) => {
  await waitFor(async () => linesOf(server).some((line) => line.requestId === requestId), 10_000, 50);
  return linesOf(server).filter((line) => line.requestId === requestId);
};

describe("request logs of the production server", () => {
  it("writes one complete line per request and never a secret", async () => {
    const db = await testDatabase("logs");
    cleanup = db.cleanup;
    const server = await startServer({ env: { ...db.env, LOG_LEVEL: "info" } });

    // A password sign-in, a wrong one, a session and an API key made with it.
    const jar = await signIn(server, ACCOUNTS.admin);
    const other = new CookieJar();
    const csrf = await server.fetch("/api/auth/csrf");
    other.take(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const wrong = await server.fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: other.header(), origin: server.url, "x-request-id": "logs-wrong-password" },
      body: new URLSearchParams({ email: ACCOUNTS.operator, password: WRONG_PASSWORD, csrfToken, json: "true" }).toString(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("x-request-id")).toBe("logs-wrong-password");
    const key = await createKey(server, jar);
    const cookieValue = jar.get(SESSION_COOKIE)!;
    expect(cookieValue).toBeTruthy();

    // An API key in Authorization; then a secret in the query string, in a parameter the operation does
    // not take (a 400 naming it, logged without it).
    const byKey = await server.fetch("/api/agents?limit=1", {
      headers: { authorization: `Bearer ${key}`, "x-request-id": "logs-by-key" },
    });
    expect(byKey.status).toBe(200);
    const secretQuery = await server.fetch(`/api/agents?limit=1&token=${QUERY_SECRET}`, {
      headers: { authorization: `Bearer ${key}`, "x-request-id": "logs-query-secret" },
    });
    expect(secretQuery.status).toBe(400);
    const [agent] = (await byKey.json()) as { id: string }[];
    // A session cookie on a path with a parameter.
    const bySession = await withSession(server, jar, `/api/agents/${encodeURIComponent(agent.id)}/details`, { headers: { "x-request-id": "logs-by-session" } });
    expect(bySession.status).toBe(200);
    // A write refused for its role is still one line, with the caller.
    const refused = await server.fetch("/api/agents", { method: "POST", headers: { "x-request-id": "logs-anonymous-write", "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(401);
    // A method the path lacks, and a path that does not exist.
    const notAllowed = await server.fetch("/api/usecases", { method: "DELETE", headers: { authorization: `Bearer ${key}`, "x-request-id": "logs-405" } });
    expect(notAllowed.status).toBe(405);
    const unknown = await server.fetch(`/api/no-such-thing/${PATH_SECRET}?token=${QUERY_SECRET}`, { headers: { "x-request-id": "logs-404" } });
    expect(unknown.status).toBe(404);

    const admin = (await linesFor(server, "logs-by-key"))[0].principal;
    const expectations: [string, Partial<Line>][] = [
      ["logs-wrong-password", { method: "POST", route: "/api/auth/callback/credentials", status: 401, principal: null }],
      ["logs-by-key", { method: "GET", route: "/api/agents", status: 200 }],
      ["logs-query-secret", { method: "GET", route: "/api/agents", status: 400 }],
      ["logs-by-session", { method: "GET", route: "/api/agents/{agentId}/details", status: 200, principal: { kind: "session", id: admin!.id } }],
      ["logs-anonymous-write", { method: "POST", route: "/api/agents", status: 401, principal: null }],
      ["logs-405", { method: "DELETE", route: "/api/usecases", status: 405, principal: null }],
      ["logs-404", { method: "GET", route: "/api/*", status: 404, principal: null }],
    ];
    for (const [requestId, expected] of expectations) {
      const lines = await linesFor(server, requestId);
      expect(lines, requestId).toHaveLength(1);
      expect(lines[0], requestId).toMatchObject({ level: "info", msg: "request", ...expected });
      expect(typeof lines[0].durationMs).toBe("number");
      expect(Number.isNaN(Date.parse(lines[0].time))).toBe(false);
    }
    expect(admin).toMatchObject({ kind: "apiKey", id: expect.any(String), keyId: expect.any(String) });
    // The sign-in and the key's creation were logged too, under their templates.
    // A successful sign-in names the user it signed in; the failed one named nobody.
    const signIns = linesOf(server).filter((line) => line.route === "/api/auth/callback/credentials" && line.status === 200);
    expect(signIns.map((line) => line.principal)).toEqual([{ kind: "session", id: admin!.id }]);
    expect(linesOf(server).some((line) => line.route === "/api/auth/csrf" && line.status === 200)).toBe(true);
    expect(linesOf(server).some((line) => line.route === "/api/keys" && line.method === "POST" && line.status === 201 && line.principal?.kind === "session")).toBe(true);

    await server.stop();
    // Process lines: the same shape.
    const processLines = linesOf(server).filter((line) => line.msg === "listening" || line.msg === "shutdown: done");
    expect(processLines.map((line) => line.msg)).toEqual(["listening", "shutdown: done"]);
    for (const line of processLines) expect(line).toMatchObject({ level: "info", pid: server.pid, time: expect.any(String) });

    // Nothing the server printed, on stdout or stderr, holds a secret.
    const secrets = [PASSWORD, WRONG_PASSWORD, key, `Bearer ${key}`, cookieValue, QUERY_SECRET, PATH_SECRET];
    for (const { text } of server.lines()) for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

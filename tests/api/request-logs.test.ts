// The request log (docs/operations.md, "Logs"): every operation of the API document, called with
// credentials present (an API key in Authorization, a session cookie, a password in a body, a
// secret in the query string), writes exactly one JSON line naming the request id, method, path
// template, status, duration and principal, and no line holds any of those secrets. So do the
// 405 refusals, the unknown-path 404s and a password sign-in; a 500 line carries the error, the
// response does not.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../lib/config/env";
import { readEnv } from "../../lib/config/env";
import { AppError, defineOperation, type Operation } from "../../lib/core";
import { recordSignInFailure } from "../../lib/auth/limit-sign-ins";
import { route, methods } from "../../lib/http";
import { useLogDestination } from "../../lib/http/log";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { unknownPath } from "../../lib/http/not-found-route";
import { POST as nextAuthPost } from "../../app/api/auth/[...nextauth]/route";
import { GET as usecasesGet, POST as usecasesPost } from "../../app/api/usecases/route";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionCookie } from "../helpers/session";
import { exampleBody, handlerOf, operations, paramNames, rawPath } from "../security/operations";

// Secrets a request may carry; none may reach a log line.
const PASSWORD = "log-test-password-7f3a9c";
const QUERY_SECRET = "query-secret-5b2e81";
const PATH_SECRET = "path-secret-c4d9e0";

type Line = {
  level: string;
  time: string;
  msg: string;
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  principal: { kind: string; id: string; keyId?: string } | null;
  err?: { type: string; message: string; stack: string };
};

let db: TestDatabase;
let lines: string[] = [];
let restoreLog: () => void;
const secrets: string[] = [PASSWORD, QUERY_SECRET, PATH_SECRET];
let admin: Awaited<ReturnType<typeof userWithKey>>;
let cookie = "";

/** Runs `send` and returns the one line it wrote (failing if it wrote none or several). */
const oneLine = async <T>(send: () => Promise<T>): Promise<{ result: T; line: Line }> => {
  const before = lines.length;
  const result = await send();
  const written = lines.slice(before);
  expect(written, "log lines of one request").toHaveLength(1);
  return { result, line: JSON.parse(written[0]) as Line };
};

const expectRequestLine = (line: Line, expected: { requestId: string | null; method: string; route: string; status: number }) => {
  expect(line).toMatchObject({ method: expected.method, route: expected.route, status: expected.status });
  expect(line.requestId).toBe(expected.requestId);
  expect(line.requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(line.level).toBe(expected.status >= 500 ? "error" : "info");
  expect(Number.isNaN(Date.parse(line.time))).toBe(false);
  // A duration in milliseconds is logged (its size is the machine's business, not the test's).
  expect(typeof line.durationMs).toBe("number");
  expect(line).toHaveProperty("principal");
};

// Any string field named password gets the known secret, so that a leak would be seen.
const withPassword = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withPassword);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, /password/i.test(key) ? PASSWORD : withPassword(field)]));
  }
  return value;
};

beforeAll(async () => {
  db = await useTestDatabase();
  admin = await userWithKey("admin");
  cookie = await sessionCookie(admin.user.id);
  // The API key, the whole Authorization value, the cookie header and the token inside it.
  secrets.push(admin.key, `Bearer ${admin.key}`, cookie, cookie.split("=").slice(1).join("="));
  restoreLog = useLogDestination({ write: (line: string) => void lines.push(line) });
});
afterAll(async () => {
  restoreLog?.();
  delete process.env.SIGNIN_MAX_FAILURES_PER_ACCOUNT;
  resetEnv();
  await db.dispose();
});
beforeEach(() => {
  useRateLimiter(memoryRateLimiter());
  lines = [];
});

const expectNoSecrets = () => {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) for (const secret of secrets) expect(line, `a log line holds ${secret.slice(0, 12)}…`).not.toContain(secret);
};

describe("one log line per request, without secrets", () => {
  for (const operation of operations as Operation[]) {
    it(`${operation.method} ${operation.path}`, async () => {
      const handler = await handlerOf(operation);
      const params = Object.fromEntries(paramNames(operation).map((name) => [name, `log-${name}`]));
      const body = withPassword(exampleBody(operation));
      const path = rawPath(operation, params);

      // An API key in Authorization.
      const byKey = await oneLine(() => call(handler, operation.method, path, { params, body, key: admin.key }));
      expectRequestLine(byKey.line, {
        requestId: byKey.result.headers.get("x-request-id"),
        method: operation.method,
        route: operation.path,
        status: byKey.result.status,
      });
      expect(byKey.line.principal).toEqual({ kind: "apiKey", id: admin.user.id, keyId: admin.keyId });

      // A same-origin session cookie, a secret in the query string and a request id of the caller's.
      const requestId = `caller-${operation.operationId}`;
      const bySession = await oneLine(() =>
        call(handler, operation.method, path, {
          params,
          body,
          query: { token: QUERY_SECRET },
          headers: { cookie, origin: "http://localhost", host: "localhost", "x-request-id": requestId },
        }),
      );
      expect(bySession.result.headers.get("x-request-id")).toBe(requestId);
      expectRequestLine(bySession.line, { requestId, method: operation.method, route: operation.path, status: bySession.result.status });
      expect(bySession.line.principal).toEqual({ kind: "session", id: admin.user.id });

      expectNoSecrets();
    });
  }

  it("logs a 405 refusal under the path's template, without a principal", async () => {
    const { result, line } = await oneLine(() => call(usecasesPost, "POST", "/api/usecases", { key: admin.key, query: { token: QUERY_SECRET }, body: { password: PASSWORD } }));
    expect(result.status).toBe(405);
    expectRequestLine(line, { requestId: result.headers.get("x-request-id"), method: "POST", route: "/api/usecases", status: 405 });
    expect(line.principal).toBeNull();
    expectNoSecrets();
  });

  it("logs an unknown path as its catch-all, never the path or query as sent", async () => {
    const sent = `/api/no-such-thing/${PATH_SECRET}`;
    const { result, line } = await oneLine(() => call(unknownPath, "GET", sent, { key: admin.key, query: { token: QUERY_SECRET } }));
    expect(result.status).toBe(404);
    expectRequestLine(line, { requestId: result.headers.get("x-request-id"), method: "GET", route: "/api/*", status: 404 });
    const quantum = await oneLine(() => call(unknownPath, "DELETE", `/quantum/${PATH_SECRET}`, { headers: { cookie } }));
    expect(quantum.line).toMatchObject({ route: "/quantum/*", status: 404, method: "DELETE" });
    expectNoSecrets();
  });

  it("logs a password sign-in refused for too many failures, without the password", async () => {
    process.env.SIGNIN_MAX_FAILURES_PER_ACCOUNT = "1";
    resetEnv();
    await recordSignInFailure(admin.user.email, undefined);
    const form = new URLSearchParams({ email: admin.user.email, password: PASSWORD, csrfToken: "log-test-csrf", json: "true" });
    const request = new Request("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${admin.key}` },
      body: form.toString(),
    });
    const { result, line } = await oneLine(() =>
      nextAuthPost(request as Parameters<typeof nextAuthPost>[0], { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }),
    );
    expect(result.status).toBe(429);
    const text = await result.text();
    expect(text).not.toContain(PASSWORD);
    expectRequestLine(line, { requestId: result.headers.get("x-request-id"), method: "POST", route: "/api/auth/callback/credentials", status: 429 });
    expect(line.principal).toBeNull();
    expectNoSecrets();
  });

  it("puts a 500's error message and stack in the log line only", async () => {
    const failing = defineOperation({
      method: "GET",
      path: "/api/log-test/{thingId}",
      operationId: "logTestFailure",
      summary: "Fails",
      tags: ["Test"],
      access: "public",
      responses: { 200: { description: "never" } },
    });
    const handlers = methods({
      GET: route(failing, () => {
        throw new Error("log-test internal failure");
      }),
    });
    const { result, line } = await oneLine(() => call(handlers.GET, "GET", "/api/log-test/42", { key: admin.key }));
    expect(result.status).toBe(500);
    expect(result.text).not.toContain("log-test internal failure");
    expect(result.text).not.toMatch(/\n\s+at /);
    expectRequestLine(line, { requestId: result.headers.get("x-request-id"), method: "GET", route: "/api/log-test/{thingId}", status: 500 });
    expect(line.msg).toBe("request failed");
    expect(line.err?.message).toBe("log-test internal failure");
    expect(line.err?.stack).toContain("request-logs.test.ts");

    // The same path's missing method: a 405 under the same template.
    const refused = await oneLine(() => call(handlers.DELETE, "DELETE", "/api/log-test/42"));
    expect(refused.line).toMatchObject({ route: "/api/log-test/{thingId}", status: 405, principal: null });
    expectNoSecrets();
  });

  it("logs a request its client abandoned at info, marked clientGone, without an error", async () => {
    const abandoned = defineOperation({
      method: "POST",
      path: "/api/log-test/{thingId}/work",
      operationId: "logTestAbandoned",
      summary: "Work the client gives up on",
      tags: ["Test"],
      access: "public",
      responses: { 200: { description: "never" } },
    });
    const controller = new AbortController();
    const handler = route(abandoned, () => {
      controller.abort(); // the client goes away while the work runs; the work is cancelled
      throw new AppError("unavailable", "The work was cancelled: the client went away.");
    });
    const request = new Request("http://localhost/api/log-test/7/work", { method: "POST", signal: controller.signal });
    const { result, line } = await oneLine(() => handler(request, { params: Promise.resolve({ thingId: "7" }) }));
    expect(result.status).toBe(503);
    expect(line).toMatchObject({ level: "info", msg: "request abandoned by the client", clientGone: true, status: 503, route: "/api/log-test/{thingId}/work" });
    expect(line.err).toBeUndefined();
  });

  it("writes lines at LOG_LEVEL and above only", async () => {
    const captured: string[] = [];
    const restore = useLogDestination({ write: (line: string) => void captured.push(line) }, "warn");
    try {
      const ok = await call(usecasesGet, "GET", "/api/usecases");
      expect(ok.status).toBe(200);
      expect(captured).toEqual([]);
    } finally {
      restore();
    }
    expect(readEnv({ LOG_LEVEL: "warn" }).LOG_LEVEL).toBe("warn");
    expect(readEnv({}).LOG_LEVEL).toBe("info");
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});

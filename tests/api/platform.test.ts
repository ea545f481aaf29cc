// The route wrapper's every error class, on a real database with real credentials.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { methods, route } from "../../lib/http";
import { defineOperation } from "../../lib/core";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";

const ZThingBody = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  size: z.number().int().positive(),
  tags: z.array(z.string()).optional(),
});

const createThing = defineOperation({
  method: "POST",
  path: "/api/things",
  operationId: "createThing",
  summary: "test",
  tags: ["Test"],
  access: "operator",
  body: ZThingBody,
  maxBodyBytes: 2048,
  responses: { 201: { description: "created" } },
});

const getThing = defineOperation({
  method: "GET",
  path: "/api/things/{thingId}",
  operationId: "getThing",
  summary: "test",
  tags: ["Test"],
  access: "read",
  params: z.object({ thingId: z.string().max(8) }),
  query: z.object({ shots: z.coerce.number().int().min(1).max(10).optional() }),
  responses: { 200: { description: "ok" } },
});

// Real persistence behind the test routes: a squad stands in for "a thing".
const handlers = methods({
  POST: route(createThing, async ({ body }) => {
    await prisma.squad.create({ data: { id: body.id, name: body.name } });
    return Response.json(body, { status: 201 });
  }),
  GET: route(getThing, async ({ params, query }) => {
    const squad = await prisma.squad.findUniqueOrThrow({ where: { id: params.thingId } });
    return Response.json({ ...squad, shots: query.shots ?? null });
  }),
});

const api = useApiTest({ withKeys: true });

const good = { id: "t1", name: "First", size: 3 };

describe("route wrapper", () => {
  it("passes a valid request through and stamps a request id", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: good });
    expect(response.status).toBe(201);
    expect(response.json).toEqual(good);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("ratelimit-limit")).toBe("600");
  });

  it("echoes a caller's request id", async () => {
    const response = await call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" }, headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: '{"id": "x",' });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json).toMatchObject({ status: 400, title: "Malformed JSON", instance: "/api/things" });
  });

  it("lists every schema violation by path", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", {
      key: api.operator,
      body: { id: "", size: -1.5, tags: ["ok", 7] },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.id", "body.name", "body.size", "body.tags.1"]);
    expect(await prisma.squad.count({ where: { id: "" } })).toBe(0);
  });

  it("lists at most the first 100 violations, saying how many there are, so a small body cannot make a huge answer", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: { ...good, tags: Array.from({ length: 500 }, () => 1) } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toHaveLength(100);
    expect(response.json.errors[0].path).toBe("body.tags.0");
    expect(response.json.detail).toBe("The request has 500 problems: see errors (the first 100 are listed).");
  });

  it("validates path and query parameters together", async () => {
    const response = await call(handlers.GET, "GET", "/api/things/x", {
      params: { thingId: "much-too-long-id" },
      query: { shots: "2.5" },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["params.thingId", "query.shots"]);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", {
      key: api.operator,
      body: "id=t2",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.json.title).toBe("Unsupported Media Type");
  });

  it("answers 413 for a body over the limit, whatever Content-Length says", async () => {
    const big = { ...good, id: "t3", name: "x".repeat(5000) };
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: big });
    expect(response.status).toBe(413);
    expect(await prisma.squad.count({ where: { id: "t3" } })).toBe(0);
  });

  it("answers 405 with Allow for a method the path does not have", async () => {
    const response = await call(handlers.DELETE, "DELETE", "/api/things/t1");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(response.json.title).toBe("Method Not Allowed");
  });

  it("maps an unknown id (Prisma P2025) to 404", async () => {
    const response = await call(handlers.GET, "GET", "/api/things/nope", { params: { thingId: "nope" } });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ status: 404, title: "Not Found" });
  });

  it("maps a duplicate id (Prisma P2002) to 409", async () => {
    await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: { ...good, id: "dup" } });
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.operator, body: { ...good, id: "dup" } });
    expect(response.status).toBe(409);
    expect(response.json.title).toBe("Conflict");
  });

  it("answers a generic 500 without the stack for an unexpected error", async () => {
    const boom = route(getThing, async () => {
      throw new Error("secret internals at /srv/app.ts:12");
    });
    // The stack goes to the request's log line (tests/api/request-logs.test.ts), silent here.
    const response = await call(boom, "GET", "/api/things/t1", { params: { thingId: "t1" } });
    expect(response.status).toBe(500);
    expect(response.text).not.toContain("secret internals");
    expect(response.json.detail).toBe("An unexpected error occurred; it has been logged.");
  });
});

describe("authentication and roles", () => {
  it("answers 401 with a Bearer challenge to an anonymous write", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", { body: { ...good, id: "anon" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("answers 401 to an unknown key, even on a public read", async () => {
    const response = await call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" }, key: "sk_syn_nope" });
    expect(response.status).toBe(401);
  });

  it("answers 401 to a malformed Authorization header", async () => {
    const response = await call(handlers.GET, "GET", "/api/things/t1", {
      params: { thingId: "t1" },
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(response.status).toBe(401);
  });

  it("answers 403 to a viewer's write and writes nothing", async () => {
    const response = await call(handlers.POST, "POST", "/api/things", { key: api.viewer, body: { ...good, id: "viewer" } });
    expect(response.status).toBe(403);
    expect(response.json.detail).toMatch(/operator role/);
    expect(await prisma.squad.count({ where: { id: "viewer" } })).toBe(0);
  });

  it("lets anyone read, and a viewer read with a key", async () => {
    expect((await call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" } })).status).toBe(200);
    expect((await call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" }, key: api.viewer })).status).toBe(200);
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After once a client address spends its budget, then resets", async () => {
    // The limiter reads Date.now(): only the clock is faked, timers stay real.
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    useRateLimiter(memoryRateLimiter());
    process.env.RATE_LIMIT_PER_ADDRESS = "3";
    // Addresses come from X-Forwarded-For only behind a trusted proxy (one hop here).
    process.env.TRUST_PROXY = "1";
    const { resetEnv } = await import("../../lib/config/env");
    resetEnv();
    try {
      const hit = () => call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" }, headers: { "x-forwarded-for": "203.0.113.9" } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await hit()).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await hit();
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(limited.json.title).toBe("Too Many Requests");
      // Another address has its own budget.
      const other = await call(handlers.GET, "GET", "/api/things/t1", { params: { thingId: "t1" }, headers: { "x-forwarded-for": "203.0.113.10" } });
      expect(other.status).toBe(200);
      vi.setSystemTime(1_060_000);
      expect((await hit()).status).toBe(200);
    } finally {
      vi.useRealTimers();
      delete process.env.RATE_LIMIT_PER_ADDRESS;
      delete process.env.TRUST_PROXY;
      resetEnv();
    }
  });
});

// A dashboard session (next-auth JWT cookie) as a credential, and the Origin check on its writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keysRoute from "../../app/api/keys/route";
import { authSecret } from "../../lib/auth";
import { resetEnv } from "../../lib/config/env";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { call } from "../helpers/http";
import { userWithKey } from "../helpers/factories";
import { sessionCookie } from "../helpers/session";

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => db.dispose());


describe("session credential", () => {
  it("authenticates reads and same-origin writes with the session cookie", async () => {
    const { user } = await userWithKey("operator");
    const cookie = await sessionCookie(user.id);
    const read = await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie } });
    expect(read.status).toBe(200);
    const write = await call(keysRoute.POST, "POST", "/api/keys", {
      headers: { cookie, origin: "http://localhost", host: "localhost" },
      body: { name: "from the dashboard" },
    });
    expect(write.status).toBe(201);
  });

  it("refuses a cookie-authenticated write from another origin (CSRF)", async () => {
    const { user } = await userWithKey("operator");
    const cookie = await sessionCookie(user.id);
    const response = await call(keysRoute.POST, "POST", "/api/keys", {
      headers: { cookie, origin: "https://evil.example", host: "localhost" },
      body: { name: "csrf" },
    });
    expect(response.status).toBe(403);
    expect(response.json.detail).toMatch(/Cross-origin/);
    const noOrigin = await call(keysRoute.POST, "POST", "/api/keys", { headers: { cookie, host: "localhost" }, body: { name: "csrf" } });
    expect(noOrigin.status).toBe(403);
  });

  it("treats a forged or foreign-signed cookie as no session", async () => {
    const { user } = await userWithKey("operator");
    const forged = await sessionCookie(user.id, { secret: "some-other-secret-entirely" });
    expect((await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie: forged } })).status).toBe(401);
  });

  it("keeps the signing secret in the database, so every instance agrees", async () => {
    const first = await authSecret();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await authSecret()).toBe(first);
  });
});

describe("API_PUBLIC_READS=false", () => {
  it("makes reads need a credential", async () => {
    const route = (await import("../../lib/http")).route;
    const { methods } = await import("../../lib/http");
    const { defineOperation } = await import("../../lib/core");
    const op = defineOperation({
      method: "GET",
      path: "/api/x",
      operationId: "x",
      summary: "x",
      tags: ["x"],
      access: "read",
      responses: { 200: { description: "ok" } },
    });
    const handlers = methods({ GET: route(op, async () => Response.json([])) });
    process.env.API_PUBLIC_READS = "false";
    resetEnv();
    try {
      expect((await call(handlers.GET, "GET", "/api/x")).status).toBe(401);
      const { key } = await userWithKey("viewer");
      expect((await call(handlers.GET, "GET", "/api/x", { key })).status).toBe(200);
    } finally {
      delete process.env.API_PUBLIC_READS;
      resetEnv();
    }
    expect((await call(handlers.GET, "GET", "/api/x")).status).toBe(200);
  });
});

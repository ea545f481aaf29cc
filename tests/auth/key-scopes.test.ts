// Scoped, expiring API keys: a key made with scopes calls only the operations of those areas, reading
// or writing as they say (and still within its role); an expired key is a 401 that says so; what a key
// may do is shown when listed; scopes a role could never use, and expiries in the past, are refused.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as tasksRoute from "../../app/api/tasks/route";
import * as keysRoute from "../../app/api/keys/route";
import * as healthRoute from "../../app/api/health/route";
import { createApiKey, createUser } from "../../lib/auth";
import { ALL_SCOPES, scopeOf } from "../../lib/core/scopes";
import { prisma } from "../../lib/db";
import { ALL_OPERATIONS, openApiDocument } from "../../lib/http/api-document";
import { agentBody } from "../agents/factory";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionHeaders } from "../helpers/session";

useApiTest();

const operator = () => createUser({ email: `${unique("scoped")}@example.test`, password: "correct horse battery", role: "operator" });

describe("scoped API keys", () => {
  it("calls only what its scopes name, within its role, and says which scope is missing", async () => {
    const user = await operator();
    const { key } = await createApiKey(user.id, { name: "agents only", scopes: ["agents:read", "agents:write"] });
    expect((await call(agentsRoute.GET, "GET", "/api/agents", { key })).status).toBe(200);
    const created = await call(agentsRoute.POST, "POST", "/api/agents", { key, body: agentBody({ id: unique("scoped-agent") }) });
    expect(created.status, created.text).toBe(201);
    // A public read too: a scoped key is held to its scopes whatever an anonymous caller may read.
    const tasks = await call(tasksRoute.GET, "GET", "/api/tasks", { key });
    expect(tasks.status).toBe(403);
    expect(tasks.headers.get("content-type")).toBe("application/problem+json");
    expect(tasks.json.detail).toBe("This API key's scopes do not include tasks:read, which listTasks needs; it has agents:read, agents:write.");
    expect((await call(tasksRoute.GET, "GET", "/api/tasks")).status).toBe(200);
    // The public operations need no scope.
    expect((await call(healthRoute.GET, "GET", "/api/health", { key })).status).toBe(200);
  });

  it("reads but does not write with read scopes, even with an operator's role", async () => {
    const user = await operator();
    const { key } = await createApiKey(user.id, { name: "reader", role: "operator", scopes: ["agents:read"] });
    const refused = await call(agentsRoute.POST, "POST", "/api/agents", { key, body: agentBody({ id: unique("not-made") }) });
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toContain("do not include agents:write");
    expect(await prisma.agent.count({ where: { id: { startsWith: "not-made" } } })).toBe(0);
  });

  it("is created through the API with scopes and an expiry, and listed with both", async () => {
    const user = await operator();
    const headers = await sessionHeaders(user.id);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "ci", scopes: ["wallet:read", "agents:read", "wallet:read"], expiresAt } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ scopes: ["agents:read", "wallet:read"], expiresAt });
    const listed = await call(keysRoute.GET, "GET", "/api/keys", { headers });
    expect(listed.json).toEqual([expect.objectContaining({ id: created.json.id, scopes: ["agents:read", "wallet:read"], expiresAt, lastUsedAt: null })]);
    const unscoped = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "all" } });
    expect(unscoped.json).toMatchObject({ scopes: null, expiresAt: null });
  });

  it("refuses scopes and expiries that cannot be, with a 400 naming the field", async () => {
    const viewer = await createUser({ email: `${unique("viewer")}@example.test`, password: "correct horse battery", role: "viewer" });
    const headers = await sessionHeaders(viewer.id);
    const cases: [unknown, string][] = [
      [{ name: "w", scopes: ["agents:write"] }, "body.scopes"],
      [{ name: "u", scopes: ["agents:delete"] }, "body.scopes.0"],
      [{ name: "e", scopes: [] }, "body.scopes"],
      [{ name: "p", expiresAt: "2020-01-01T00:00:00Z" }, "body.expiresAt"],
      [{ name: "f", expiresAt: new Date(Date.now() + 800 * 86_400_000).toISOString() }, "body.expiresAt"],
    ];
    for (const [body, path] of cases) {
      const answer = await call(keysRoute.POST, "POST", "/api/keys", { headers, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors.map((error: { path: string }) => error.path), JSON.stringify(body)).toContain(path);
    }
    expect(await prisma.apiKey.count({ where: { userId: viewer.id } })).toBe(0);
  });

  it("stops an expired key with a 401 that says when it expired", async () => {
    const user = await operator();
    const { key, id } = await createApiKey(user.id, { name: "short", expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await call(agentsRoute.GET, "GET", "/api/agents", { key })).status).toBe(200);
    const at = new Date(Date.now() - 1000);
    await prisma.apiKey.update({ where: { id }, data: { expiresAt: at } });
    // A new request reads the key afresh (a write operation never uses the short key cache).
    const expired = await call(agentsRoute.POST, "POST", "/api/agents", { key, body: agentBody({ id: unique("late") }) });
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain("Bearer");
    expect(expired.json.detail).toBe(`The API key expired at ${at.toISOString()}; create a new one.`);
  });

  it("names a scope for every operation an API key can call, and documents it", () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { "x-scope"?: string; responses: Record<string, { description: string }> }>> };
    for (const operation of ALL_OPERATIONS) {
      const scope = scopeOf(operation);
      const documented = document.paths[operation.path][operation.method.toLowerCase()];
      expect(documented["x-scope"], operation.operationId).toBe(scope);
      if (!scope) continue;
      expect(ALL_SCOPES as readonly string[], `${operation.operationId}: ${scope}`).toContain(scope);
      expect(documented.responses["403"].description, operation.operationId).toContain(scope);
    }
  });
});

// API keys: managed from a signed-in session (or the CLI), never with an API key; a key's power
// is its own role, never above its owner's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keysRoute from "../../app/api/keys/route";
import * as keyRoute from "../../app/api/keys/[keyId]/route";
import * as usersRoute from "../../app/api/users/route";
import { createApiKey } from "../../lib/auth";
import { prisma } from "../../lib/db";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { call } from "../helpers/http";
import { userWithKey } from "../helpers/factories";
import { sessionHeaders } from "../helpers/session";

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => db.dispose());

describe("API keys", () => {
  it("creates a key shown once from a session, stores only its hash, and the key authenticates", async () => {
    const { user } = await userWithKey("operator");
    const headers = await sessionHeaders(user.id);
    const created = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "CI pipeline" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "CI pipeline", role: "operator", userId: user.id, revokedAt: null });
    expect(created.json.key).toMatch(/^sk_syn_[A-Za-z0-9_-]{43}$/);
    expect(created.json.prefix).toBe(created.json.key.slice(0, 13));

    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(JSON.stringify(stored)).not.toContain(created.json.key);

    const listed = await call(keysRoute.GET, "GET", "/api/keys", { headers });
    expect(listed.status).toBe(200);
    expect(listed.json.map((key: { name: string }) => key.name).sort()).toEqual(["CI pipeline", "operator key"]);
    expect(listed.text).not.toContain(created.json.key);
    expect(listed.text).not.toMatch(/keyHash|passwordHash/);

    const used = await call(usersRoute.GET, "GET", "/api/users", { key: created.json.key });
    expect(used.status).toBe(403); // authenticated (not 401), an operator may not list users
  });

  it("refuses at once a key that was revoked", async () => {
    const { user, key, keyId } = await userWithKey("operator");
    const headers = await sessionHeaders(user.id);
    const revoked = await call(keyRoute.DELETE, "DELETE", `/api/keys/${keyId}`, { headers, params: { keyId } });
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe("");

    const after = await call(usersRoute.GET, "GET", "/api/users", { key });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(after.json.detail).toMatch(/revoked/);
  });

  it("answers 403 to an API key that tries to list, create or revoke keys", async () => {
    const admin = await userWithKey("admin");
    const viewerKey = await createApiKey(admin.user.id, { name: "read only", role: "viewer" });
    for (const key of [viewerKey.key, admin.key]) {
      const minted = await call(keysRoute.POST, "POST", "/api/keys", { key, body: { name: "escalate", role: "admin" } });
      expect(minted.status).toBe(403);
      expect(minted.headers.get("content-type")).toBe("application/problem+json");
      expect((await call(keysRoute.GET, "GET", "/api/keys", { key })).status).toBe(403);
      const revoke = await call(keyRoute.DELETE, "DELETE", `/api/keys/${admin.keyId}`, { key, params: { keyId: admin.keyId } });
      expect(revoke.status).toBe(403);
    }
    expect(await prisma.apiKey.count({ where: { userId: admin.user.id } })).toBe(2);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: admin.keyId } })).revokedAt).toBeNull();
  });

  it("gives a viewer-scoped key of an admin a viewer's power", async () => {
    const admin = await userWithKey("admin");
    const viewerKey = await createApiKey(admin.user.id, { name: "read only", role: "viewer" });
    expect((await call(usersRoute.GET, "GET", "/api/users", { key: viewerKey.key })).status).toBe(403);
    expect((await call(usersRoute.GET, "GET", "/api/users", { key: admin.key })).status).toBe(200);
  });

  it("never grants a key more than the session user's role", async () => {
    const { user } = await userWithKey("viewer");
    const response = await call(keysRoute.POST, "POST", "/api/keys", { headers: await sessionHeaders(user.id), body: { name: "escalate", role: "admin" } });
    expect(response.status).toBe(403);
    expect(response.json.detail).toMatch(/owner's role \(viewer\)/);
  });

  it("weakens a key when its owner is demoted", async () => {
    const { key, user } = await userWithKey("admin");
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(200);
    await prisma.user.update({ where: { id: user.id }, data: { role: "viewer" } });
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(403);
  });

  it("answers 404 for someone else's key, and leaves it working", async () => {
    const alice = await userWithKey("operator");
    const bob = await userWithKey("operator");
    const response = await call(keyRoute.DELETE, "DELETE", `/api/keys/${bob.keyId}`, {
      headers: await sessionHeaders(alice.user.id),
      params: { keyId: bob.keyId },
    });
    expect(response.status).toBe(404);
    expect((await call(usersRoute.GET, "GET", "/api/users", { key: bob.key })).status).toBe(403);
  });

  it("lets an admin session revoke anyone's key", async () => {
    const admin = await userWithKey("admin");
    const other = await userWithKey("viewer");
    const response = await call(keyRoute.DELETE, "DELETE", `/api/keys/${other.keyId}`, {
      headers: await sessionHeaders(admin.user.id),
      params: { keyId: other.keyId },
    });
    expect(response.status).toBe(204);
    expect((await call(usersRoute.GET, "GET", "/api/users", { key: other.key })).status).toBe(401);
  });

  it("answers 401 to anonymous key management and 400 to a nameless key", async () => {
    expect((await call(keysRoute.GET, "GET", "/api/keys")).status).toBe(401);
    const { user } = await userWithKey("viewer");
    const response = await call(keysRoute.POST, "POST", "/api/keys", { headers: await sessionHeaders(user.id), body: { name: "  " } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.name", message: "must not be empty" }]);
  });
});

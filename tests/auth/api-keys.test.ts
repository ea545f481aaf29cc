import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keysRoute from "../../app/api/keys/route";
import * as keyRoute from "../../app/api/keys/[keyId]/route";
import * as usersRoute from "../../app/api/users/route";
import { prisma } from "../../lib/db";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { call } from "../helpers/http";
import { userWithKey } from "../helpers/factories";

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => db.dispose());

describe("API keys", () => {
  it("creates a key shown once, stores only its hash, and the key authenticates", async () => {
    const { key: bootstrap, user } = await userWithKey("operator");
    const created = await call(keysRoute.POST, "POST", "/api/keys", { key: bootstrap, body: { name: "CI pipeline" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "CI pipeline", role: "operator", userId: user.id, revokedAt: null });
    expect(created.json.key).toMatch(/^sk_syn_[A-Za-z0-9_-]{43}$/);
    expect(created.json.prefix).toBe(created.json.key.slice(0, 13));

    const stored = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(JSON.stringify(stored)).not.toContain(created.json.key);

    const listed = await call(keysRoute.GET, "GET", "/api/keys", { key: created.json.key });
    expect(listed.status).toBe(200);
    expect(listed.json.map((key: { name: string }) => key.name).sort()).toEqual(["CI pipeline", "operator key"]);
    expect(listed.text).not.toContain(created.json.key);
  });

  it("refuses at once a key that was revoked", async () => {
    const { key: owner } = await userWithKey("operator");
    const created = await call(keysRoute.POST, "POST", "/api/keys", { key: owner, body: { name: "short-lived" } });
    const key = created.json.key as string;
    expect((await call(keysRoute.GET, "GET", "/api/keys", { key })).status).toBe(200);

    const revoked = await call(keyRoute.DELETE, "DELETE", `/api/keys/${created.json.id}`, { key: owner, params: { keyId: created.json.id } });
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe("");

    const after = await call(keysRoute.GET, "GET", "/api/keys", { key });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(after.json.detail).toMatch(/revoked/);
  });

  it("never grants a key more than its owner's role", async () => {
    const { key: viewer } = await userWithKey("viewer");
    const response = await call(keysRoute.POST, "POST", "/api/keys", { key: viewer, body: { name: "escalate", role: "admin" } });
    expect(response.status).toBe(403);
  });

  it("weakens a key when its owner is demoted", async () => {
    const { key, user } = await userWithKey("admin");
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(200);
    await prisma.user.update({ where: { id: user.id }, data: { role: "viewer" } });
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(403);
  });

  it("answers 404 for someone else's key, and leaves it working", async () => {
    const { key: alice } = await userWithKey("operator");
    const bob = await userWithKey("operator");
    const response = await call(keyRoute.DELETE, "DELETE", `/api/keys/${bob.keyId}`, { key: alice, params: { keyId: bob.keyId } });
    expect(response.status).toBe(404);
    expect((await call(keysRoute.GET, "GET", "/api/keys", { key: bob.key })).status).toBe(200);
  });

  it("lets an admin revoke anyone's key", async () => {
    const { key: admin } = await userWithKey("admin");
    const other = await userWithKey("viewer");
    const response = await call(keyRoute.DELETE, "DELETE", `/api/keys/${other.keyId}`, { key: admin, params: { keyId: other.keyId } });
    expect(response.status).toBe(204);
    expect((await call(keysRoute.GET, "GET", "/api/keys", { key: other.key })).status).toBe(401);
  });

  it("answers 401 to anonymous key management and 400 to a nameless key", async () => {
    expect((await call(keysRoute.GET, "GET", "/api/keys")).status).toBe(401);
    const { key } = await userWithKey("viewer");
    const response = await call(keysRoute.POST, "POST", "/api/keys", { key, body: { name: "  " } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.name", message: "must not be empty" }]);
  });
});

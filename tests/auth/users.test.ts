import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usersRoute from "../../app/api/users/route";
import * as userRoute from "../../app/api/users/[userId]/route";
import { authenticateUser } from "../../lib/auth";
import { prisma } from "../../lib/db";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { call, errorPaths } from "../helpers/http";
import { userWithKey } from "../helpers/factories";

let db: TestDatabase;
let admin: Awaited<ReturnType<typeof userWithKey>>;
beforeAll(async () => {
  db = await useTestDatabase();
  admin = await userWithKey("admin");
});
afterAll(() => db.dispose());

describe("users (admin)", () => {
  it("creates a user whose password then signs in, and lists it", async () => {
    const created = await call(usersRoute.POST, "POST", "/api/users", {
      key: admin.key,
      body: { email: "New.Person@Example.test", password: "a long enough secret", role: "operator", extra: "ignored" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: "new.person@example.test", role: "operator", name: null });
    expect(created.json).not.toHaveProperty("passwordHash");
    expect(created.json).not.toHaveProperty("extra");

    expect(await authenticateUser("new.person@example.test", "a long enough secret")).toMatchObject({ role: "operator" });
    expect(await authenticateUser("new.person@example.test", "a wrong secret!!")).toBeNull();
    expect(await authenticateUser("nobody@example.test", "a long enough secret")).toBeNull();

    const listed = await call(usersRoute.GET, "GET", "/api/users", { key: admin.key });
    expect(listed.json.map((user: { email: string }) => user.email)).toContain("new.person@example.test");
    expect(listed.text).not.toContain("scrypt$");
  });

  it("answers 409 for an email that exists, 400 listing every bad field", async () => {
    const body = { email: "dupe@example.test", password: "a long enough secret" };
    expect((await call(usersRoute.POST, "POST", "/api/users", { key: admin.key, body })).status).toBe(201);
    expect((await call(usersRoute.POST, "POST", "/api/users", { key: admin.key, body })).status).toBe(409);
    const bad = await call(usersRoute.POST, "POST", "/api/users", {
      key: admin.key,
      body: { email: "not-an-email", password: "short", role: "boss" },
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.email", "body.password", "body.role"]);
  });

  it("changes a role, 404 for an unknown user, 409 for demoting the only admin", async () => {
    const target = await userWithKey("viewer");
    const changed = await call(userRoute.PATCH, "PATCH", `/api/users/${target.user.id}`, {
      key: admin.key,
      params: { userId: target.user.id },
      body: { role: "operator" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.role).toBe("operator");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.user.id } })).role).toBe("operator");

    const unknown = await call(userRoute.PATCH, "PATCH", "/api/users/nope", { key: admin.key, params: { userId: "nope" }, body: { role: "viewer" } });
    expect(unknown.status).toBe(404);

    const lastAdmin = await call(userRoute.PATCH, "PATCH", `/api/users/${admin.user.id}`, {
      key: admin.key,
      params: { userId: admin.user.id },
      body: { role: "viewer" },
    });
    expect(lastAdmin.status).toBe(409);
  });

  it("keeps users to admins: 401 anonymous, 403 operator", async () => {
    const operator = await userWithKey("operator");
    expect((await call(usersRoute.GET, "GET", "/api/users")).status).toBe(401);
    expect((await call(usersRoute.GET, "GET", "/api/users", { key: operator.key })).status).toBe(403);
    const body = { email: "sneaky@example.test", password: "a long enough secret", role: "admin" };
    expect((await call(usersRoute.POST, "POST", "/api/users", { key: operator.key, body })).status).toBe(403);
    expect(await prisma.user.count({ where: { email: "sneaky@example.test" } })).toBe(0);
  });
});

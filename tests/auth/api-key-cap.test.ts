// A user holds at most API_KEYS_PER_USER_MAX active API keys: the create past the cap is a 409
// problem naming the count and the limit (the OpenAPI document says so), revoking one makes room,
// racing creates cannot overshoot it (the user's row lock), and the CLI is held to it too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keysRoute from "../../app/api/keys/route";
import * as keyRoute from "../../app/api/keys/[keyId]/route";
import { createApiKey, createUser } from "../../lib/auth";
import { createKeyForEmail } from "../../lib/auth/manage-keys-by-email";
import { resetAuthConfig } from "../../lib/auth/config";
import { prisma } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { useApiTest } from "../helpers/api";
import { unique } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionHeaders } from "../helpers/session";

const CAP = 3;

beforeAll(() => {
  process.env.API_KEYS_PER_USER_MAX = String(CAP);
  resetAuthConfig();
});
afterAll(() => {
  delete process.env.API_KEYS_PER_USER_MAX;
  resetAuthConfig();
});
useApiTest();

const newUser = () => createUser({ email: `${unique("cap")}@example.test`, password: "correct horse battery", role: "operator" });
const activeKeys = (userId: string) => prisma.apiKey.count({ where: { userId, revokedAt: null } });

describe("API keys per user", () => {
  it("refuses the create past the cap with a 409 naming the count and the limit; revoking one makes room", async () => {
    const user = await newUser();
    const headers = await sessionHeaders(user.id);
    const created = [];
    for (let i = 0; i < CAP; i++) {
      const response = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: `key ${i}` } });
      expect(response.status, response.text).toBe(201);
      created.push(response.json.id as string);
    }
    const refused = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "one too many" } });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.json.type).toBe("https://syndicate.dev/problems/conflict");
    expect(refused.json.detail).toContain(`You have ${CAP} active API keys`);
    expect(refused.json.detail).toContain(`API_KEYS_PER_USER_MAX: ${CAP}`);
    expect(await activeKeys(user.id)).toBe(CAP);

    const revoked = await call(keyRoute.DELETE, "DELETE", `/api/keys/${created[0]}`, { headers, params: { keyId: created[0] } });
    expect(revoked.status).toBe(204);
    const again = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "in its place" } });
    expect(again.status, again.text).toBe(201);
  });

  it("counts per user: another user's keys leave room", async () => {
    const [full, other] = [await newUser(), await newUser()];
    for (let i = 0; i < CAP; i++) await createApiKey(full.id, { name: `k${i}` });
    await expect(createApiKey(full.id, { name: "over" })).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect((await createApiKey(other.id, { name: "mine" })).key).toMatch(/^sk_syn_/);
  });

  it("holds under racing creates: never more than the cap, every other create a 409", async () => {
    const user = await newUser();
    const headers = await sessionHeaders(user.id);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: `race ${i}` } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(CAP).fill(201), ...Array(8 - CAP).fill(409)]);
    expect(await activeKeys(user.id)).toBe(CAP);
  });

  it("holds the CLI to the cap", async () => {
    const email = `${unique("cli-cap")}@example.test`;
    for (let i = 0; i < CAP; i++) await createKeyForEmail(email, "viewer", `cli ${i}`, () => {});
    await expect(createKeyForEmail(email, "viewer", "cli over", () => {})).rejects.toThrow(`You have ${CAP} active API keys`);
  });

  it("is documented: the create's 409 is in the OpenAPI document", () => {
    const document = openApiDocument() as { paths: Record<string, { post?: { responses: Record<string, { description: string }> } }> };
    expect(document.paths["/api/keys"].post?.responses["409"]?.description).toMatch(/API_KEYS_PER_USER_MAX/);
  });
});

// The short API key cache of the read operations (lib/auth/resolve-principal.ts): a key revoked on this
// instance is refused at once; one revoked elsewhere (here: by a direct database write, as another
// instance or the CLI would) is refused once API_KEY_CACHE_MS has passed, never later; operations
// gated by a role always read the key afresh. The cache's clock is set by the test, not waited for.
import { afterEach, describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as keyRoute from "../../app/api/keys/[keyId]/route";
import * as usersRoute from "../../app/api/users/route";
import * as userRoute from "../../app/api/users/[userId]/route";
import { API_KEY_CACHE_MS, forgetCachedApiKeys, useKeyCacheClock } from "../../lib/auth/resolve-principal";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionHeaders } from "../helpers/session";

useApiTest();

let now = 1_000_000;
useKeyCacheClock(() => now);
afterEach(() => forgetCachedApiKeys());

const list = (key: string) => call(agentsRoute.GET, "GET", "/api/agents", { key });
const revokeInDatabase = (keyId: string) => prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });

describe("the API key cache of read operations", () => {
  it("refuses a key revoked elsewhere once API_KEY_CACHE_MS has passed since it was read", async () => {
    const { key, keyId } = await userWithKey("viewer");
    expect((await list(key)).status).toBe(200);
    await revokeInDatabase(keyId);
    now += API_KEY_CACHE_MS - 1;
    // Within the bound the key read a moment ago still serves reads: this is the cache at work.
    expect((await list(key)).status).toBe(200);
    now += 1;
    const refused = await list(key);
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toMatch(/revoked/);
    // A revoked key is not kept: it stays refused.
    expect((await list(key)).status).toBe(401);
  });

  it("refuses at once a key revoked through the API on this instance, cache warm", async () => {
    const { user, key, keyId } = await userWithKey("operator");
    expect((await list(key)).status).toBe(200);
    const revoked = await call(keyRoute.DELETE, "DELETE", `/api/keys/${keyId}`, { headers: await sessionHeaders(user.id), params: { keyId } });
    expect(revoked.status).toBe(204);
    expect((await list(key)).status).toBe(401);
  });

  it("is emptied by a role change on this instance", async () => {
    const admin = await userWithKey("admin");
    const { user, key, keyId } = await userWithKey("operator");
    expect((await list(key)).status).toBe(200);
    await revokeInDatabase(keyId);
    const changed = await call(userRoute.PATCH, "PATCH", `/api/users/${user.id}`, { key: admin.key, params: { userId: user.id }, body: { role: "viewer" } });
    expect(changed.status).toBe(200);
    expect((await list(key)).status).toBe(401);
  });

  it("is not used by operations that need a role: a demotion counts at once there", async () => {
    const { key, user } = await userWithKey("admin");
    expect((await list(key)).status).toBe(200);
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(200);
    await prisma.user.update({ where: { id: user.id }, data: { role: "viewer" } });
    expect((await call(usersRoute.GET, "GET", "/api/users", { key })).status).toBe(403);
  });

  it("never lets an unknown key in, however often it is tried", async () => {
    for (let i = 0; i < 3; i++) expect((await list("sk_syn_not-a-key")).status).toBe(401);
  });
});

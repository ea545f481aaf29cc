// One rate limit per user: every API key and dashboard session of a user draws on one count, so
// minting more keys buys no more requests; another user's count is their own, and anonymous
// callers keep the per-address count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listAgents } from "../../app/api/agents/route";
import { createApiKey } from "../../lib/auth";
import { resetEnv } from "../../lib/config/env";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionHeaders } from "../helpers/session";

const LIMIT = 5;

beforeAll(() => {
  process.env.RATE_LIMIT_PER_KEY = String(LIMIT);
  process.env.RATE_LIMIT_PER_ADDRESS = String(LIMIT);
  resetEnv();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_KEY;
  delete process.env.RATE_LIMIT_PER_ADDRESS;
  resetEnv();
});
useApiTest();

describe("per-user rate limit", () => {
  it("shares one count between two keys and a session of the same user, and not with another user", async () => {
    const first = await userWithKey("viewer");
    const second = await createApiKey(first.user.id, { name: "second key" });
    const session = await sessionHeaders(first.user.id);
    const credentials = [{ key: first.key }, { key: second.key }, { headers: session }];

    const remaining: (string | null)[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await call(listAgents, "GET", "/api/agents", credentials[i % credentials.length]);
      expect(response.status, response.text).toBe(200);
      remaining.push(response.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    // The user's count is spent, whichever credential comes next.
    for (const credential of credentials) {
      const refused = await call(listAgents, "GET", "/api/agents", credential);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // A key minted now draws on the same spent count.
    const third = await createApiKey(first.user.id, { name: "third key" });
    expect((await call(listAgents, "GET", "/api/agents", { key: third.key })).status).toBe(429);

    // Another user is untouched, and so are anonymous callers.
    const other = await userWithKey("viewer");
    const theirs = await call(listAgents, "GET", "/api/agents", { key: other.key });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
    const anonymous = await call(listAgents, "GET", "/api/agents");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("ratelimit-remaining")).toBe(String(LIMIT - 1));
  });
});

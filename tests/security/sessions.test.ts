// Sessions end on the server: signing out raises the user's session version, and every token
// issued before is refused (401) on its next request, as are malformed session cookies.
import { describe, expect, it } from "vitest";
import * as keysRoute from "../../app/api/keys/route";
import * as agentsRoute from "../../app/api/agents/route";
import { authOptions } from "../../lib/auth/build-auth-options";
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from "../../lib/auth/limit-sign-ins";
import { resetEnv } from "../../lib/config/env";
import { isAppError } from "../../lib/core";
import { prisma } from "../../lib/db";
import { userWithKey } from "../helpers/factories";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { sessionCookie } from "../helpers/session";

useApiTest();

describe("signing out", () => {
  it("refuses the signed-out token on the next request", async () => {
    const { user } = await userWithKey("operator");
    const cookie = await sessionCookie(user.id);
    expect((await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie } })).status).toBe(200);

    const options = await authOptions();
    await options.events!.signOut!({ token: { sub: user.id, sv: 0 }, session: undefined as never });

    const after = await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.headers.get("content-type")).toBe("application/problem+json");
    expect(after.json.detail).toMatch(/sign in again/);
    // A public read with the dead cookie is refused too, rather than silently anonymous.
    expect((await call(agentsRoute.GET, "GET", "/api/agents", { headers: { cookie } })).status).toBe(401);
    // A new sign-in gets a token of the new version, which works.
    expect((await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie: await sessionCookie(user.id) } })).status).toBe(200);
  });

  it("puts the user's session version into the token at sign-in", async () => {
    const { user } = await userWithKey("viewer");
    await prisma.user.update({ where: { id: user.id }, data: { sessionVersion: 3 } });
    const options = await authOptions();
    const token = await options.callbacks!.jwt!({ token: { sub: user.id }, user: { id: user.id, sessionVersion: 3 } as never, account: null });
    expect(token.sv).toBe(3);
  });
});

describe("malformed session cookies", () => {
  it("answers 401 problem+json, never a 500", async () => {
    for (const cookie of ["next-auth.session-token=%E0%A4%A", "next-auth.session-token=%", "next-auth.session-token=not-a-jwt"]) {
      const response = await call(agentsRoute.GET, "GET", "/api/agents", { headers: { cookie } });
      expect(response.status, cookie).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("refuses a token without a session version (issued before revocation existed)", async () => {
    const { user } = await userWithKey("viewer");
    const { encode } = await import("next-auth/jwt");
    const { authSecret } = await import("../../lib/auth");
    const cookie = `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: await authSecret() })}`;
    expect((await call(keysRoute.GET, "GET", "/api/keys", { headers: { cookie } })).status).toBe(401);
  });
});

describe("sign-in limits", () => {
  const refusal = async (email: string, address?: string, now?: Date) => {
    try {
      await assertSignInAllowed(email, address, now);
      return undefined;
    } catch (error) {
      if (!isAppError(error)) throw error;
      return error;
    }
  };

  it("refuses the 11th attempt after 10 failures for one account, with Retry-After, until the window passes", async () => {
    const email = `target-${Date.now()}@example.test`;
    // The clock is the test's: ten failures a second apart, the first at `start`.
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < 10; i += 1) {
      expect(await refusal(email, undefined, at(i))).toBeUndefined();
      await recordSignInFailure(email, undefined, at(i));
    }
    const refused = await refusal(email.toUpperCase(), undefined, at(100));
    expect(refused?.status).toBe(429);
    // The window (900 s) runs from the oldest failure counted.
    expect(refused?.headers?.["retry-after"]).toBe("800");
    // Other accounts are not affected, and the block lifts once the window has passed.
    expect(await refusal(`other-${email}`, undefined, at(100))).toBeUndefined();
    await expect(assertSignInAllowed(email, undefined, at(901))).resolves.toBeUndefined();
    await clearSignInFailures(email);
    expect(await refusal(email)).toBeUndefined();
  });

  it("limits one address across accounts when the address is known", async () => {
    process.env.SIGNIN_MAX_FAILURES_PER_ADDRESS = "3";
    resetEnv();
    try {
      const address = "203.0.113.7";
      for (let i = 0; i < 3; i += 1) await recordSignInFailure(`spray-${i}-${Date.now()}@example.test`, address);
      expect((await refusal("fresh@example.test", address))?.status).toBe(429);
      expect(await refusal("fresh@example.test", "203.0.113.8")).toBeUndefined();
    } finally {
      delete process.env.SIGNIN_MAX_FAILURES_PER_ADDRESS;
      resetEnv();
    }
  });
});

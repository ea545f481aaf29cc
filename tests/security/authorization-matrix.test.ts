// The authorization matrix, generated from the registered operations: every route and method ×
// {anonymous, viewer, operator, admin, viewer-scoped key of an admin, revoked key, session with
// and without a matching Origin} answers as docs/security.md ("Who may do what") says, and no
// response carries a password hash, a key hash or a stack trace.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "../../lib/auth";
import { hashApiKey } from "../../lib/auth/resolve-principal";
import type { Operation } from "../../lib/core";
import { MOVED_PATHS } from "../../lib/api/moved-paths";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionCookie } from "../helpers/session";
import { exampleBody, handlerOf, isWrite, operations, paramNames, rawPath, ROOT, routeFileOf, routeFiles } from "./operations";

type Credential = "anonymous" | "viewer" | "operator" | "admin" | "viewer key of an admin" | "revoked key" | "session, same origin" | "session, no origin";
type Expected = "allowed" | 401 | 403;

const CREDENTIALS: Credential[] = ["anonymous", "viewer", "operator", "admin", "viewer key of an admin", "revoked key", "session, same origin", "session, no origin"];

const RANK = { viewer: 0, operator: 1, admin: 2 } as const;

// The sessions in the matrix are an operator's.
const expectedFor = (operation: Operation, credential: Credential): Expected => {
  if (credential === "revoked key") return 401;
  const open = operation.access === "public" || operation.access === "read";
  if (credential === "anonymous") return open ? "allowed" : 401;
  const isSession = credential.startsWith("session");
  const role = isSession ? "operator" : credential === "viewer key of an admin" ? "viewer" : (credential as keyof typeof RANK);
  if (!open && operation.credentials === "session" && !isSession) return 403;
  // The run protocol is for agent credentials (tests/runs: agent-tools and protocol): a user's is refused.
  if (operation.access === "agent") return 403;
  if ((operation.access === "operator" || operation.access === "admin") && RANK[role] < RANK[operation.access]) return 403;
  if (credential === "session, no origin" && isWrite(operation)) return 403;
  return "allowed";
};

// Never in any answer: secrets, their stored forms, or a stack trace.
const LEAKS = [/passwordHash/i, /keyHash/i, /scrypt\$/, /\n\s+at [^\n]+:\d+:\d+/, /node_modules\//];

let db: TestDatabase;
const headersOf: Partial<Record<Credential, Record<string, string>>> = {};
const keyHashes: string[] = [];

beforeAll(async () => {
  db = await useTestDatabase();
  useRateLimiter(memoryRateLimiter());
  process.env.RATE_LIMIT_PER_KEY = "100000";
  process.env.RATE_LIMIT_PER_ADDRESS = "100000";
  resetEnv();
  const viewer = await userWithKey("viewer");
  const operator = await userWithKey("operator");
  const admin = await userWithKey("admin");
  const scoped = await createApiKey(admin.user.id, { name: "read only", role: "viewer" });
  const revoked = await userWithKey("admin");
  await revokeApiKey(revoked.keyId, { kind: "session", userId: revoked.user.id, email: revoked.user.email, role: "admin" });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  headersOf.viewer = bearer(viewer.key);
  headersOf.operator = bearer(operator.key);
  headersOf.admin = bearer(admin.key);
  headersOf["viewer key of an admin"] = bearer(scoped.key);
  headersOf["revoked key"] = bearer(revoked.key);
  const cookie = await sessionCookie(operator.user.id);
  headersOf["session, same origin"] = { cookie, origin: "http://localhost", host: "localhost" };
  headersOf["session, no origin"] = { cookie, host: "localhost" };
  headersOf.anonymous = {};
  keyHashes.push(...[viewer.key, operator.key, admin.key, scoped.key, revoked.key].map(hashApiKey));
  keyHashes.push(...(await prisma.user.findMany({ select: { passwordHash: true } })).map((user) => user.passwordHash));
});
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_KEY;
  delete process.env.RATE_LIMIT_PER_ADDRESS;
  resetEnv();
  await db.dispose();
});

describe("authorization matrix", () => {
  it("covers every route file of the API (apart from next-auth, the 404 catch-alls and moved paths, which answer as their new ones)", () => {
    const moved = MOVED_PATHS.map(({ from }) => ({ path: from }) as Operation);
    const covered = new Set([...operations, ...moved].map((operation) => path.relative(ROOT, routeFileOf(operation))));
    const uncovered = routeFiles().filter((file) => !covered.has(file));
    expect(uncovered.sort()).toEqual(["app/api/[...path]/route.ts", "app/api/auth/[...nextauth]/route.ts", "app/api/route.ts", "app/qmetrics/[...path]/route.ts", "app/qmetrics/route.ts", "app/quantum/[...path]/route.ts"]);
  });

  for (const operation of operations) {
    it(`${operation.method} ${operation.path} (${operation.access}${operation.credentials === "session" ? ", session only" : ""})`, async () => {
      const handler = await handlerOf(operation);
      const params = Object.fromEntries(paramNames(operation).map((name) => [name, "matrix-id"]));
      const body = exampleBody(operation);
      const outcomes: string[] = [];
      for (const credential of CREDENTIALS) {
        const response = await call(handler, operation.method, rawPath(operation, params), { params, body, headers: headersOf[credential] });
        const expected = expectedFor(operation, credential);
        const got = response.status === 401 || response.status === 403 ? response.status : response.status >= 500 ? `${response.status}!` : "allowed";
        outcomes.push(`${credential}: ${got}${got === expected ? "" : ` (expected ${expected})`}`);
        if (response.status >= 400) expect(response.headers.get("content-type"), `${credential}: ${response.text}`).toBe("application/problem+json");
        if (response.status === 401) expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        for (const leak of LEAKS) expect(response.text, credential).not.toMatch(leak);
        for (const hash of keyHashes) expect(response.text).not.toContain(hash);
      }
      expect(outcomes.filter((line) => line.includes("expected") || line.includes("!"))).toEqual([]);
    });
  }
});

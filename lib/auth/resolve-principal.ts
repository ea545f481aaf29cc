// Who is calling: an API key (Authorization: Bearer) or a dashboard session (next-auth JWT
// cookie). A credential that is presented but invalid is an error, never silently anonymous.
import crypto from "node:crypto";
import { decode } from "next-auth/jwt";
import { prisma, read, readStatement, type Role } from "../db";
import { AppError } from "../core/errors";
import { weakerRole } from "./rules";
import { authSecret } from "./get-auth-secret";

export type Principal = {
  kind: "apiKey" | "session" | "agent";
  /** The user: the key's or session's owner; for an agent credential, the operator who issued it. */
  userId: string;
  email: string;
  role: Role;
  keyId?: string;
  /** A scoped API key's scopes (lib/core/scopes.ts); absent: whatever the role allows. */
  scopes?: readonly string[];
  /** An agent credential's agent, and the role names of its five roles (what its tools are). */
  agent?: { id: string; credentialId: string; roles: string[] };
};

export const API_KEY_PREFIX = "sk_syn_";
/** Agent credentials start so: the same header as an API key, told apart by their prefix. */
export const AGENT_CREDENTIAL_PREFIX = "ak_syn_";

/** Who an event records as its actor: the user, or `agent:<id>` for an agent's credential. */
export const actorOf = (principal: Principal | null): string | null =>
  principal === null ? null : principal.agent ? `agent:${principal.agent.id}` : principal.userId;

// The one-shot digest (Node 20.12 on) where there is one: no Hash object per request.
export const hashApiKey: (key: string) => string =
  typeof crypto.hash === "function" ? (key) => crypto.hash("sha256", key, "hex") : (key) => crypto.createHash("sha256").update(key).digest("hex");

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

const bearerChallenge = { "www-authenticate": 'Bearer realm="syndicate"' };

export const unauthorized = (detail: string) => new AppError("unauthorized", detail, { headers: bearerChallenge });

// Recording use is best effort and must not slow or fail the request. It is written at most once a
// minute per key and process (lastUsedAt is precise to a minute): a write on every request made
// concurrent requests of one key queue on that row's lock.
export const LAST_USED_RESOLUTION_MS = 60_000;

// The key cache and the last recorded uses are the process's, on globalThis: Next bundles the
// route files and instrumentation.ts (whose router answers most API requests, lib/api/router.ts)
// as separate module instances, and a revocation through one must empty the cache the other reads.
const shared = globalThis as typeof globalThis & { __syndicateKeyCache?: Map<string, CachedKey>; __syndicateKeyUses?: Map<string, number> };
const lastRecorded = (shared.__syndicateKeyUses ??= new Map<string, number>());

const recordUse = (keyId: string, now = Date.now()) => {
  const previous = lastRecorded.get(keyId);
  if (previous !== undefined && now - previous < LAST_USED_RESOLUTION_MS) return;
  lastRecorded.set(keyId, now);
  if (lastRecorded.size > 10_000) for (const [id, at] of lastRecorded) if (now - at >= LAST_USED_RESOLUTION_MS) lastRecorded.delete(id);
  void prisma.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
};

type KeyRow = { id: string; role: Role; revoked: boolean; scopes: string[] | null; expiredAt: string | null; userId: string; email: string; userRole: Role };

// The key and its owner in one fixed read statement through the process's SQL runner (docs/database.md,
// "Reads and writes"): the lookup runs on every request with a key, and Prisma's query engine cost more than the statement itself.
const KEY_LOOKUP = readStatement<[keyHash: string], KeyRow>(
  "api-key",
  `SELECT k.id, k.role, k."revokedAt" IS NOT NULL AS revoked, k.scopes,
    CASE WHEN k."expiresAt" <= (now() AT TIME ZONE 'UTC') THEN to_char(k."expiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "expiredAt",
    u.id AS "userId", u.email, u.role AS "userRole"
  FROM "ApiKey" k JOIN "User" u ON u.id = k."userId" WHERE k."keyHash" = $1`,
);

const lookUpKey = async (hash: string): Promise<KeyRow | undefined> => (await read(KEY_LOOKUP, [hash]))[0];

// A valid key's row, kept for API_KEY_CACHE_MS, for the operations any valid credential may call
// (access "read" and "public": the role decides nothing at their gate). Concurrent requests of one
// key share one lookup. An entry's age counts from the start of its lookup, so a key revoked, or
// an owner demoted, on another instance (or by a direct database write) is refused within
// API_KEY_CACHE_MS; on this instance revokeApiKey and updateUserRole empty the cache at once
// (forgetCachedApiKeys). Unknown and revoked keys are never kept. Every other operation reads the
// key afresh. docs/security.md and docs/performance.md.
export const API_KEY_CACHE_MS = 1_000;
const MAX_CACHED_KEYS = 10_000;
type CachedKey = { at: number; row: Promise<KeyRow | undefined> };
const keyCache = (shared.__syndicateKeyCache ??= new Map<string, CachedKey>());
const realClock = () => performance.now();
let clock = realClock;

/** Tests: the clock the key cache reads (milliseconds, monotonic); no argument restores the real one. */
export const useKeyCacheClock = (now?: () => number) => {
  clock = now ?? realClock;
};

/** Empties this process's key cache: after a revocation or a role change, the next request reads the key afresh. */
export const forgetCachedApiKeys = () => keyCache.clear();

/** Forgets the key cache, the recorded uses and a test's clock: the process is about to use another database (tests). */
export const resetPrincipalState = () => {
  keyCache.clear();
  lastRecorded.clear();
  agentUses.clear();
  clock = realClock;
};

const cachedKey = (hash: string): Promise<KeyRow | undefined> => {
  const now = clock();
  const cached = keyCache.get(hash);
  if (cached && now - cached.at < API_KEY_CACHE_MS) return cached.row;
  if (keyCache.size >= MAX_CACHED_KEYS) {
    for (const [other, entry] of keyCache) if (now - entry.at >= API_KEY_CACHE_MS) keyCache.delete(other);
    if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
  }
  const entry: CachedKey = { at: now, row: lookUpKey(hash) };
  keyCache.set(hash, entry);
  const drop = () => {
    if (keyCache.get(hash) === entry) keyCache.delete(hash);
  };
  entry.row.then((row) => (!row || row.revoked || row.expiredAt ? drop() : undefined), drop);
  return entry.row;
};

const fromApiKey = async (key: string, cached: boolean): Promise<Principal> => {
  const hash = hashApiKey(key);
  const found = await (cached ? cachedKey(hash) : lookUpKey(hash));
  if (!found || found.revoked) throw unauthorized("The API key is not valid or has been revoked.");
  if (found.expiredAt) throw unauthorized(`The API key expired at ${found.expiredAt}; create a new one.`);
  recordUse(found.id);
  return {
    kind: "apiKey",
    userId: found.userId,
    email: found.email,
    role: weakerRole(found.role, found.userRole),
    keyId: found.id,
    ...(found.scopes && found.scopes.length > 0 ? { scopes: found.scopes } : {}),
  };
};

type AgentCredentialRow = { id: string; agentId: string; revoked: boolean; roles: string[]; userId: string | null; email: string | null; userRole: Role | null };

// The credential, its agent's role names and its issuer in one fixed statement, read afresh on every
// request (a revocation counts at once on every instance).
const AGENT_CREDENTIAL_LOOKUP = readStatement<[secretHash: string], AgentCredentialRow>(
  "agent-credential",
  `SELECT c.id, c."agentId", c."revokedAt" IS NOT NULL AS revoked,
     coalesce((SELECT array_agg(r."roleName" ORDER BY r.position) FROM "AgentRole" r WHERE r."agentId" = c."agentId"), '{}') AS roles,
     u.id AS "userId", u.email, u.role AS "userRole"
   FROM "AgentCredential" c LEFT JOIN "User" u ON u.id = c."createdById" WHERE c."secretHash" = $1`,
);

const agentUses = new Map<string, number>();

const fromAgentCredential = async (secret: string): Promise<Principal> => {
  const [found] = await read(AGENT_CREDENTIAL_LOOKUP, [hashApiKey(secret)]);
  if (!found || found.revoked) throw unauthorized("The agent credential is not valid or has been revoked.");
  const now = Date.now();
  const previous = agentUses.get(found.id);
  if (previous === undefined || now - previous >= LAST_USED_RESOLUTION_MS) {
    agentUses.set(found.id, now);
    void prisma.agentCredential.update({ where: { id: found.id }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
  }
  return {
    kind: "agent",
    // Where an operation acts for its caller (its wallets, its runs), the agent acts for the operator
    // who issued the credential; never with more than the operator role.
    userId: found.userId ?? `agent:${found.agentId}`,
    email: found.email ?? `agent:${found.agentId}`,
    role: found.userRole ? weakerRole("operator", found.userRole) : "viewer",
    agent: { id: found.agentId, credentialId: found.id, roles: found.roles },
  };
};

const invalidSession = () => unauthorized("The session is not valid or has ended; sign in again.");

const readCookie = (header: string | null, name: string) => {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      throw invalidSession();
    }
  }
  return undefined;
};

// A session cookie that is presented must be valid: forged, expired, malformed or signed-out
// tokens are a 401, like a bad API key.
const fromSession = async (cookieHeader: string | null): Promise<Principal | null> => {
  for (const name of SESSION_COOKIES) {
    const token = readCookie(cookieHeader, name);
    if (!token) continue;
    const payload = await decode({ token, secret: await authSecret() }).catch(() => null);
    if (!payload?.sub || typeof payload.sv !== "number") throw invalidSession();
    // The role is read fresh: a demoted or deleted user loses access at once.
    const user = await prisma.user.findUnique({
      where: { id: payload.sub },
      select: { id: true, email: true, role: true, sessionVersion: true },
    });
    if (!user || user.sessionVersion !== payload.sv) throw invalidSession();
    return { kind: "session", userId: user.id, email: user.email, role: user.role };
  }
  return null;
};

/**
 * The caller, or null without a credential. `cachedKey`: an API key may be served from the key
 * cache (only for operations where any valid credential is enough; see API_KEY_CACHE_MS).
 */
export const resolvePrincipal = async (request: Request, options: { cachedKey?: boolean } = {}): Promise<Principal | null> => {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthorized("The Authorization header must be 'Bearer <API key>'.");
    if (match[1].startsWith(AGENT_CREDENTIAL_PREFIX)) return fromAgentCredential(match[1]);
    return fromApiKey(match[1], options.cachedKey === true);
  }
  return fromSession(request.headers.get("cookie"));
};

/** The dashboard session a request carries, or null (API keys are not looked at). */
export const sessionPrincipal = (request: Request): Promise<Principal | null> => fromSession(request.headers.get("cookie"));

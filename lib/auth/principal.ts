// Who is calling: an API key (Authorization: Bearer) or a dashboard session (next-auth JWT
// cookie). A credential that is presented but invalid is an error, never silently anonymous.
import { createHash } from "node:crypto";
import { decode } from "next-auth/jwt";
import { prisma, type Role } from "../db";
import { AppError } from "../core/errors";
import { weakerRole } from "./roles";
import { authSecret } from "./secret";

export type Principal = {
  kind: "apiKey" | "session";
  userId: string;
  email: string;
  role: Role;
  keyId?: string;
};

export const API_KEY_PREFIX = "sk_syn_";

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

const bearerChallenge = { "www-authenticate": 'Bearer realm="syndicate"' };

export const unauthorized = (detail: string) => new AppError("unauthorized", detail, { headers: bearerChallenge });

const fromApiKey = async (key: string): Promise<Principal> => {
  const found = await prisma.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    select: { id: true, role: true, revokedAt: true, user: { select: { id: true, email: true, role: true } } },
  });
  if (!found || found.revokedAt) throw unauthorized("The API key is not valid or has been revoked.");
  // Recording use is best effort and must not slow or fail the request.
  void prisma.apiKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  return {
    kind: "apiKey",
    userId: found.user.id,
    email: found.user.email,
    role: weakerRole(found.role, found.user.role),
    keyId: found.id,
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

export const resolvePrincipal = async (request: Request): Promise<Principal | null> => {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthorized("The Authorization header must be 'Bearer <API key>'.");
    return fromApiKey(match[1]);
  }
  return fromSession(request.headers.get("cookie"));
};

/** The dashboard session a request carries, or null (API keys are not looked at). */
export const sessionPrincipal = (request: Request): Promise<Principal | null> => fromSession(request.headers.get("cookie"));

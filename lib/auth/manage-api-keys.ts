import { randomBytes } from "node:crypto";
import { prisma, type Role } from "../db";
import { AppError, notFound } from "../core/errors";
import { isWriteScope } from "../core/scopes";
import { API_KEY_PREFIX, forgetCachedApiKeys, hashApiKey, type Principal } from "./resolve-principal";
import { authConfig } from "./config";
import { hasRole } from "./rules";
import type { TApiKey, TCreatedApiKey } from "./schemas";

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  role: Role;
  userId: string;
  scopes: string[];
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const KEY_SELECT = { id: true, name: true, prefix: true, role: true, userId: true, scopes: true, expiresAt: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

const toApiKey = (row: KeyRow): TApiKey => ({
  ...row,
  scopes: row.scopes.length > 0 ? (row.scopes as TApiKey["scopes"]) : null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * A user holds at most API_KEYS_PER_USER_MAX active keys: a 409 (the state of their keys is in
 * the way, and revoking one clears it; waiting would not, so not a 429).
 */
const tooManyKeys = (active: number, limit: number) =>
  new AppError("conflict", `You have ${active} active API keys, the most one user may hold (API_KEYS_PER_USER_MAX: ${limit}); revoke one before creating another.`);

/** Creates a key for a user (at most API_KEYS_PER_USER_MAX active ones); the key itself is in the answer and nowhere else, ever. */
export const createApiKey = async (
  userId: string,
  input: { name: string; role?: Role; scopes?: readonly string[]; expiresAt?: string },
): Promise<TCreatedApiKey> => {
  const owner = await prisma.user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!owner) throw notFound("User", userId);
  const role = input.role ?? owner.role;
  if (!hasRole(owner.role, role)) {
    throw new AppError("forbidden", `A key cannot have more than its owner's role (${owner.role}).`);
  }
  // A scope the role could never use is a mistake worth saying, not a silent no-op.
  const writes = (input.scopes ?? []).filter(isWriteScope);
  if (role === "viewer" && writes.length > 0) {
    throw new AppError("validation_failed", "A viewer's key cannot write: its scopes may only read.", {
      errors: [{ path: "body.scopes", message: `${writes.join(", ")} need a key role of operator or admin` }],
    });
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const limit = authConfig().API_KEYS_PER_USER_MAX;
  const row = await prisma.$transaction(async (tx) => {
    // One create per user at a time (the user's row lock, as the quantum job quota takes it), so
    // that racing creates cannot both pass the cap. FOR NO KEY UPDATE: the new key's foreign-key
    // check on the user does not wait for it.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR NO KEY UPDATE`;
    const active = await tx.apiKey.count({ where: { userId, revokedAt: null } });
    if (active >= limit) throw tooManyKeys(active, limit);
    return tx.apiKey.create({
      data: {
        userId,
        name: input.name,
        role,
        scopes: [...(input.scopes ?? [])],
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        keyHash: hashApiKey(key),
      },
      select: KEY_SELECT,
    });
  });
  return { ...toApiKey(row), key };
};

export const listApiKeys = async (userId: string): Promise<TApiKey[]> =>
  (await prisma.apiKey.findMany({ where: { userId }, select: KEY_SELECT, orderBy: { createdAt: "desc" } })).map(toApiKey);

/** Revokes a key at once. Its owner or an admin may; anyone else is told it does not exist. */
export const revokeApiKey = async (keyId: string, actor: Principal): Promise<void> => {
  const key = await prisma.apiKey.findUnique({ where: { id: keyId }, select: { userId: true, revokedAt: true } });
  if (!key || (key.userId !== actor.userId && actor.role !== "admin")) throw notFound("API key", keyId);
  if (!key.revokedAt) await prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
  // Refused at once here, not only when this process's key cache entry ages out.
  forgetCachedApiKeys();
};

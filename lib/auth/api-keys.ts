import { randomBytes } from "node:crypto";
import { prisma, type Role } from "../db";
import { AppError, notFound } from "../core/errors";
import { API_KEY_PREFIX, forgetCachedApiKeys, hashApiKey, type Principal } from "./principal";
import { hasRole } from "./roles";
import type { TApiKey, TCreatedApiKey } from "./schemas";

type KeyRow = { id: string; name: string; prefix: string; role: Role; userId: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

const KEY_SELECT = { id: true, name: true, prefix: true, role: true, userId: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

const toApiKey = (row: KeyRow): TApiKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Creates a key for a user; the key itself is in the answer and nowhere else, ever. */
export const createApiKey = async (userId: string, input: { name: string; role?: Role }): Promise<TCreatedApiKey> => {
  const owner = await prisma.user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!owner) throw notFound("User", userId);
  const role = input.role ?? owner.role;
  if (!hasRole(owner.role, role)) {
    throw new AppError("forbidden", `A key cannot have more than its owner's role (${owner.role}).`);
  }
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const row = await prisma.apiKey.create({
    data: { userId, name: input.name, role, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashApiKey(key) },
    select: KEY_SELECT,
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

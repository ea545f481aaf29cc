// The work behind `npm run apikey`: keys for a user found by email (created with the role when absent).
import { randomBytes } from "node:crypto";
import { prisma, type Role } from "../db";
import { AppError } from "../core/errors";
import { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys";
import { createUser } from "./manage-users";

export const createKeyForEmail = async (
  email: string,
  role: Role,
  name: string,
  log: (line: string) => void,
  limits: { scopes?: readonly string[]; expiresAt?: string } = {},
) => {
  let user = await prisma.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true, role: true } });
  if (!user) {
    // A user made only to own keys: its password is random and never shown (reset it to sign in).
    const created = await createUser({ email: email.toLowerCase(), password: randomBytes(24).toString("base64url"), role });
    user = { id: created.id, role: created.role };
    log(`created user ${email} with role ${role}`);
  }
  return createApiKey(user.id, { name, role, ...limits });
};

export const listKeysForEmail = async (email: string) => {
  const user = await prisma.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) throw new AppError("not_found", `No user with the email ${email}.`);
  return listApiKeys(user.id);
};

export const revokeKeyById = (keyId: string) =>
  revokeApiKey(keyId, { kind: "session", userId: "cli", email: "cli", role: "admin" });

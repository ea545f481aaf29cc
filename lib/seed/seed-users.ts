// Demo users: an admin, an operator and a viewer, each with a linked demo wallet. Ids are fixed
// (uuid-shaped) so that two seeds agree; only the password hashes differ (random salt). Each
// account has a password of its own.
import { randomBytes } from "node:crypto";
import { hashPassword } from "../auth";
import type { Prisma } from "../db";
import { DAY, after, before, type SeedContext } from "./generator/support";
import { WALLET_LABELS } from "./seed-wallets";

export const ADMIN_USER_ID = "00000000-0000-4000-8000-000000000001";
export const OPERATOR_USER_ID = "00000000-0000-4000-8000-000000000002";
export const VIEWER_USER_ID = "00000000-0000-4000-8000-000000000003";

export const DEFAULT_ADMIN_EMAIL = "admin@syndicate.local";
export const OPERATOR_EMAIL = "operator@syndicate.local";
export const VIEWER_EMAIL = "viewer@syndicate.local";

export type UserOptions = { adminEmail?: string; adminPassword?: string };

const fromEnv = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
};

/**
 * The passwords of the demo users, each its own: the admin's given or from ADMIN_PASSWORD, the
 * operator's and viewer's from OPERATOR_PASSWORD / VIEWER_PASSWORD; any not given is generated
 * and logged once. Hashed before the seed's transaction opens (hashing is deliberately slow).
 */
export const preparePasswordHashes = async (options: UserOptions, log: (message: string) => void) => {
  const email = options.adminEmail ?? fromEnv("ADMIN_EMAIL") ?? DEFAULT_ADMIN_EMAIL;
  const accounts = [
    { email, given: options.adminPassword ?? fromEnv("ADMIN_PASSWORD"), setting: "ADMIN_PASSWORD" },
    { email: OPERATOR_EMAIL, given: fromEnv("OPERATOR_PASSWORD"), setting: "OPERATOR_PASSWORD" },
    { email: VIEWER_EMAIL, given: fromEnv("VIEWER_PASSWORD"), setting: "VIEWER_PASSWORD" },
  ];
  const passwords = accounts.map((account) => {
    if (account.given) return account.given;
    const password = randomBytes(12).toString("base64url");
    log(`login: ${account.email} / ${password} (shown once; set ${account.setting} to choose it)`);
    return password;
  });
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  return { email, hashes };
};

export const seedUsers = async (
  ctx: SeedContext,
  prepared: Awaited<ReturnType<typeof preparePasswordHashes>>,
  wallets: readonly string[],
): Promise<number> => {
  const people = [
    { id: ADMIN_USER_ID, email: prepared.email, name: "Admin", role: "admin" as const, age: 420 },
    { id: OPERATOR_USER_ID, email: OPERATOR_EMAIL, name: "Olivia Operator", role: "operator" as const, age: 400 },
    { id: VIEWER_USER_ID, email: VIEWER_EMAIL, name: "Victor Viewer", role: "viewer" as const, age: 380 },
  ];
  const users: Prisma.UserCreateManyInput[] = people.map((person, index) => {
    const createdAt = before(ctx.epoch, person.age * DAY);
    return {
      id: person.id,
      email: person.email,
      name: person.name,
      passwordHash: prepared.hashes[index],
      role: person.role,
      createdAt,
      updatedAt: after(createdAt, 2 * DAY),
    };
  });
  const links: Prisma.UserWalletCreateManyInput[] = people.map((person, index) => ({
    userId: person.id,
    address: wallets[index],
    label: WALLET_LABELS[index],
    isDefault: true,
    createdAt: before(ctx.epoch, (person.age - 3) * DAY),
  }));
  await ctx.db.user.createMany({ data: users });
  await ctx.db.userWallet.createMany({ data: links });
  return users.length;
};

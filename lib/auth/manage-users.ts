import { prisma, type Role } from "../db";
import { AppError, notFound } from "../core/errors";
import { hashPassword, verifyPassword } from "./hash-password";
import { forgetCachedApiKeys } from "./resolve-principal";
import type { TCreateUserBody, TUser } from "./schemas";

const USER_SELECT = { id: true, email: true, name: true, role: true, createdAt: true } as const;

const toUser = (row: { id: string; email: string; name: string | null; role: Role; createdAt: Date }): TUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export const listUsers = async (): Promise<TUser[]> =>
  (await prisma.user.findMany({ select: USER_SELECT, orderBy: { email: "asc" } })).map(toUser);

export const createUser = async (input: TCreateUserBody): Promise<TUser> => {
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new AppError("conflict", `A user with the email ${input.email} already exists.`);
  const row = await prisma.user.create({
    data: { email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(input.password) },
    select: USER_SELECT,
  });
  return toUser(row);
};

/**
 * Changes a user's role; 409 when it would leave no admin. The admins' rows are locked (in id
 * order) before they are counted, so two admins demoting each other at once cannot both succeed:
 * the second one counts again after the first has committed.
 */
export const updateUserRole = async (userId: string, role: Role): Promise<TUser> => {
  const updated = await prisma.$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "User" WHERE "role" = 'admin' ORDER BY "id" FOR NO KEY UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
    if (!user) throw notFound("User", userId);
    // The last admin cannot be demoted out of the only admin seat.
    if (user.role === "admin" && role !== "admin" && admins.length <= 1) {
      throw new AppError("conflict", "This is the only admin; make another user admin first.");
    }
    return toUser(await tx.user.update({ where: { id: userId }, data: { role }, select: USER_SELECT }));
  });
  // The user's keys carry the new role at once on this instance (resolve-principal.ts, the key cache).
  forgetCachedApiKeys();
  return updated;
};

/** The user for a sign-in, or null for a wrong email or password (indistinguishable to the caller). */
export const authenticateUser = async (email: string, password: string) => {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  // Hash anyway when the user is unknown, so timing does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA");
  return user && ok ? { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } : null;
};

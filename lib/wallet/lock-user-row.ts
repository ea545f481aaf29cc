// Writes to one user's linked wallets or address book run one at a time: each takes the user's
// row lock first (FOR NO KEY UPDATE: it does not block foreign-key checks on the user, nor
// reads) and keeps it until its transaction ends. Rules that span several rows of a user
// ("exactly one default link", "this PUT created the entry") then hold under concurrent
// requests. On the embedded database transactions already run one at a time; there the lock
// costs nothing.
import type { Prisma } from "../db";

export const lockUserRow = async (tx: Prisma.TransactionClient, userId: string): Promise<void> => {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR NO KEY UPDATE`;
};

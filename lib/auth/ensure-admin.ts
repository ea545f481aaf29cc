import { randomBytes } from "node:crypto";
import { prisma } from "../db";
import { hashPassword } from "./hash-password";

/**
 * The first start creates an admin: password from ADMIN_PASSWORD, or generated and printed
 * once. Does nothing when an admin exists.
 */
export const ensureAdmin = async (options: { email: string; password?: string; log: (message: string) => void }) => {
  if ((await prisma.user.count({ where: { role: "admin" } })) > 0) return;
  const password = options.password ?? randomBytes(12).toString("base64url");
  await prisma.user.upsert({
    where: { email: options.email },
    create: { email: options.email, name: "Administrator", role: "admin", passwordHash: await hashPassword(password) },
    update: { role: "admin" },
  });
  if (!options.password) {
    options.log(`admin login: ${options.email} / ${password} (shown once; set ADMIN_PASSWORD to choose it)`);
  }
};

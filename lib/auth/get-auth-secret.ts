// The secret that signs session tokens. NEXTAUTH_SECRET when set; otherwise one generated on
// first use and kept in the database, so that every instance sharing the database agrees.
import { randomBytes } from "node:crypto";
import { prisma } from "../db";

const KEY = "auth_secret";
let cached: Promise<string> | undefined;

const loadOrCreate = async () => {
  const created = randomBytes(32).toString("base64url");
  await prisma.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: created }, update: {} });
  const row = await prisma.setting.findUniqueOrThrow({ where: { key: KEY } });
  return row.value;
};

export const authSecret = (): Promise<string> => {
  if (process.env.NEXTAUTH_SECRET) return Promise.resolve(process.env.NEXTAUTH_SECRET);
  return (cached ??= loadOrCreate().catch((error) => {
    cached = undefined;
    throw error;
  }));
};

/** Forgets the secret read from the database: the process is about to use another database (tests). */
export const forgetAuthSecret = () => {
  cached = undefined;
};

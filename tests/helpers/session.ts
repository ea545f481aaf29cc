// A dashboard session as a test credential: a next-auth JWT cookie for a user, carrying the
// user's current session version as a real sign-in would.
import { encode } from "next-auth/jwt";
import { authSecret } from "../../lib/auth";
import { prisma } from "../../lib/db";

export const sessionCookie = async (userId: string, options: { secret?: string; version?: number } = {}) => {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  const sv = options.version ?? user?.sessionVersion ?? 0;
  return `next-auth.session-token=${await encode({ token: { sub: userId, sv }, secret: options.secret ?? (await authSecret()) })}`;
};

/** Headers of a same-origin dashboard request with the user's session. */
export const sessionHeaders = async (userId: string) => ({
  cookie: await sessionCookie(userId),
  origin: "http://localhost",
  host: "localhost",
});

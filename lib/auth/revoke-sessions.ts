// Server-side end of a session. Session tokens are JWTs that any instance can verify, so a token
// carries its user's session version; signing out raises the version, and every token issued
// before (on any device) is refused on its next request.
import { prisma } from "../db";

export const revokeSessions = async (userId: string) => {
  await prisma.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
};

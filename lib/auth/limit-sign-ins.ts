// Sign-in attempts are limited per account and per client address: past the limit of failures
// in a sliding window, further attempts are refused (429) until the oldest failure leaves it.
// Failures live in the database, so every instance sharing it counts the same attempts.
import { env } from "../config/env";
import { AppError } from "../core/errors";
import { prisma } from "../db";

const accountKey = (email: string) => `account:${email.trim().toLowerCase().slice(0, 254)}`;
const addressKey = (address: string) => `address:${address}`;

const keysOf = (email: string, address: string | undefined) => [accountKey(email), ...(address ? [addressKey(address)] : [])];

const limitOf = (key: string) => {
  const config = env();
  return key.startsWith("account:") ? config.SIGNIN_MAX_FAILURES_PER_ACCOUNT : config.SIGNIN_MAX_FAILURES_PER_ADDRESS;
};

/** Throws a 429 (with Retry-After) when the account or the address has failed too often lately. */
export const assertSignInAllowed = async (email: string, address: string | undefined, now = new Date()) => {
  const windowMs = env().SIGNIN_WINDOW_SECONDS * 1000;
  const since = new Date(now.getTime() - windowMs);
  const groups = await prisma.signInFailure.groupBy({
    by: ["key"],
    where: { key: { in: keysOf(email, address) }, createdAt: { gt: since } },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  for (const group of groups) {
    if (group._count._all < limitOf(group.key)) continue;
    const oldest = group._min.createdAt?.getTime() ?? now.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
    const who = group.key.startsWith("account:") ? "this account" : "this address";
    throw new AppError("rate_limited", `Too many failed sign-ins for ${who}; try again in ${retryAfter} s.`, {
      headers: { "retry-after": String(retryAfter) },
    });
  }
};

/** Counts one failed sign-in against the account and the address; drops failures past the window. */
export const recordSignInFailure = async (email: string, address: string | undefined, now = new Date()) => {
  const since = new Date(now.getTime() - env().SIGNIN_WINDOW_SECONDS * 1000);
  await prisma.$transaction([
    prisma.signInFailure.deleteMany({ where: { createdAt: { lte: since } } }),
    prisma.signInFailure.createMany({ data: keysOf(email, address).map((key) => ({ key, createdAt: now })) }),
  ]);
};

/** A successful sign-in forgets the account's failures (the address keeps its count). */
export const clearSignInFailures = async (email: string) => {
  await prisma.signInFailure.deleteMany({ where: { key: accountKey(email) } });
};

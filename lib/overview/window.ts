// Time windows of the overview: every figure is read relative to one instant (`now`), in UTC days.
import { Prisma } from "../db";

export const DAY_MS = 86_400_000;

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * An instant as SQL for the `timestamp(3)` columns Prisma writes (UTC wall time), independent of
 * the session's time zone.
 */
export const sqlInstant = (at: Date) => Prisma.sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** 00:00 UTC of the day `at` falls in. */
export const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** The `days` UTC days ending with the day of `now`, oldest first, as YYYY-MM-DD. */
export const lastDays = (now: Date, days: number) => {
  const today = dayStart(now).getTime();
  return Array.from({ length: days }, (_, k) => new Date(today - (days - 1 - k) * DAY_MS).toISOString().slice(0, 10));
};

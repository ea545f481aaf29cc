// Time windows of the overview (pure rules): every figure is read relative to one instant (`now`), in UTC days.
export const DAY_MS = 86_400_000;

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** 00:00 UTC of the day `at` falls in. */
export const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** The `days` UTC days ending with the day of `now`, oldest first, as YYYY-MM-DD. */
export const lastDays = (now: Date, days: number) => {
  const today = dayStart(now).getTime();
  return Array.from({ length: days }, (_, k) => new Date(today - (days - 1 - k) * DAY_MS).toISOString().slice(0, 10));
};

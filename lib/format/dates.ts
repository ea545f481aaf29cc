// Dates, times and durations, all in UTC with one style, so a server-rendered date never differs
// from the one the browser renders and every page writes a moment the same way.

import { formatInteger } from "./numbers";

const MISSING = "—";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const pad = (value: number) => String(value).padStart(2, "0");
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** "Nov 20, 2026" */
export const formatDate = (value: DateInput | null | undefined) => {
  if (value === null || value === undefined) return MISSING;
  const date = toDate(value);
  if (!valid(date)) return MISSING;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

/** "Nov 20, 2026, 09:15 UTC" (24-hour clock) */
export const formatDateTime = (value: DateInput | null | undefined) => {
  if (value === null || value === undefined) return MISSING;
  const date = toDate(value);
  if (!valid(date)) return MISSING;
  return `${formatDate(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
};

/** "Nov 20, 2026, 09:15:42 UTC" — for event logs, where seconds tell events apart. */
export const formatTimestamp = (value: DateInput | null | undefined) => {
  if (value === null || value === undefined) return MISSING;
  const date = toDate(value);
  if (!valid(date)) return MISSING;
  return `${formatDate(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
};

/** Chart axes: "Nov 20" */
export const formatDayShort = (value: DateInput) => {
  const date = toDate(value);
  return valid(date) ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}` : MISSING;
};

/** Chart axes over months: "Nov 2026" */
export const formatMonth = (value: DateInput) => {
  const date = toDate(value);
  return valid(date) ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : MISSING;
};

/** The calendar day in UTC as "2026-11-20" — for comparisons and machine-readable attributes. */
export const isoDay = (value: DateInput) => toDate(value).toISOString().slice(0, 10);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or until) a moment is, against an explicit `now` (pure; the caller decides the
 * clock): "just now", "5 min ago", "3 h ago", "2 d ago", "in 4 h"; past 30 days, the date itself.
 */
export const formatRelative = (value: DateInput, now: DateInput) => {
  const date = toDate(value);
  const reference = toDate(now);
  if (!valid(date) || !valid(reference)) return MISSING;
  const diff = reference.getTime() - date.getTime();
  const size = Math.abs(diff);
  if (size < MINUTE) return "just now";
  if (size >= 30 * DAY) return formatDate(date);
  const text = size < HOUR ? `${Math.floor(size / MINUTE)} min` : size < DAY ? `${Math.floor(size / HOUR)} h` : `${Math.floor(size / DAY)} d`;
  return diff > 0 ? `${text} ago` : `in ${text}`;
};

/**
 * A measured time from milliseconds: "0.084 ms" below 1 ms, "3.2 ms" below 1 s, "1.45 s" below a
 * minute, then "2 min 5 s" and "1 h 12 min".
 */
export const formatDuration = (ms: number) => {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  // 59,996 ms would round to "60.00 s": from there on, minutes.
  if (ms < MINUTE - 5) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
};

/** A response time in whole milliseconds: "1,234 ms". */
export const formatMs = (ms: number) => `${formatInteger(ms)} ms`;

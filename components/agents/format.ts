// Display formats shared by the agent, squad and syndicate pages. Fixed locale and UTC, so that
// the server's HTML and the browser's hydration agree.
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export const formatInteger = (value: number) => integer.format(value);
/** Percent values are stored as 0–100. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;
export const formatMs = (value: number) => `${integer.format(value)} ms`;
export const formatMonth = (value: number | string | Date) => monthYear.format(new Date(value));
export const formatDay = (value: number | string | Date) => day.format(new Date(value));

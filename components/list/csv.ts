// A table's text as CSV (RFC 4180): fields joined by commas, records by CRLF; a field holding a
// comma, a quote or a line break is quoted, with its quotes doubled. Pure: the download button
// calls it, tests too.

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, @, a tab or a carriage return, or a
 * minus not followed by a number) gets a leading apostrophe, which spreadsheets show as text: a name
 * typed into this app never runs in the spreadsheet of whoever exports the list. "-2.5%" stays a number.
 */
const defused = (text: string) => (/^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text) ? `'${text}` : text);

/** One field, made safe for spreadsheets, and quoted when it must be. */
export const csvField = (raw: string) => {
  const text = defused(raw);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows of cell texts as CSV text, a CRLF after each record. */
export const toCsv = (rows: readonly (readonly string[])[]) => rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");

/** The file's name: the list's and the local date, e.g. agents-2026-11-29.csv. */
export const csvFileName = (name: string, date: Date) => {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${name}-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}.csv`;
};

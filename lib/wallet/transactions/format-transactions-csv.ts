// The CSV export of GET /api/wallets/{address}/transactions (RFC 4180: comma-separated, CRLF
// line ends, fields quoted when they hold a comma, quote or line break). Labels and token symbols
// come from other people (a spam token names itself), so a cell that a spreadsheet would read
// as a formula (= + - @, tab, carriage return) gets a leading apostrophe.
import type { TWalletTransaction } from "./schemas";

export const CSV_COLUMNS = [
  "timestamp", "chain", "blockNumber", "txHash", "logIndex", "direction", "from", "to", "counterparty", "counterpartyLabel",
  "kind", "tokenAddress", "symbol", "tokenId", "amount", "units", "valueUsd", "uncommon", "flags",
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: string | number | boolean | null): string => {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const transactionsCsv = (items: readonly TWalletTransaction[]): string => {
  const lines = [CSV_COLUMNS.join(",")];
  for (const item of items) {
    const flags = item.flags.map((flag) => `${flag.code}:${flag.address}`).join(" ");
    const row = { ...item, flags };
    lines.push(CSV_COLUMNS.map((column) => csvCell(row[column])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
};

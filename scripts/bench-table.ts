// The one table `npm run bench` prints and the file it writes (bench/results/latest.json). Every
// part of the bench (API, queries per request, seed, simulator) answers a list of BenchRow; the
// bench prints them together and exits non-zero only when a part failed to run, not when a
// target is missed (a missed target is a row with holds: false).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type BenchRow = {
  /** The part of the bench: "api (postgres)", "queries", "seed", "simulator", … */
  group: string;
  /** What was measured: "GET /api/agents vs bare node:http", … */
  name: string;
  /** The measured figure (a ratio, a count, seconds — see unit). */
  measured: number;
  /** The target in words: "≥ 0.5×", "≤ 3× p99", "< 60 s", "constant". */
  target: string;
  /** Whether the measured figure meets the target. */
  holds: boolean;
  /** "×", "s", "ms", "queries", … */
  unit?: string;
  /** The raw figures behind the ratio, for the reader: "app 812 req/s, bare 1,430 req/s". */
  detail?: string;
  /** A figure to read, not a target: shown as "info" and not counted among the targets. */
  informational?: boolean;
  /**
   * The figure could not be taken on this machine (a peer that is not installed; detail says
   * why): shown as "not measured", counted apart from the targets.
   */
  notMeasured?: boolean;
};

export const DEFAULT_RESULTS_PATH = "bench/results/latest.json";

const formatNumber = (value: number) => {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};

const notMeasured = (row: BenchRow) => row.notMeasured === true;

const holdsText = (row: BenchRow, no: string) => (row.informational ? "info" : notMeasured(row) ? "—" : row.holds ? "yes" : no);

export const formatMeasured = (row: BenchRow) => (notMeasured(row) ? "not measured" : `${formatNumber(row.measured)}${row.unit ? ` ${row.unit}` : ""}`);

/** Renders the rows as one fixed-width table (group, name, measured, target, holds, detail). */
export const renderTable = (rows: readonly BenchRow[]): string => {
  const header = ["group", "name", "measured", "target", "holds", "detail"];
  const body = rows.map((row) => [row.group, row.name, formatMeasured(row), row.target, holdsText(row, "NO"), row.detail ?? ""]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((width, column) => "-".repeat(column === widths.length - 1 ? Math.min(width, 40) : width)).join("  ");
  const targets = rows.filter((row) => !row.informational && !notMeasured(row));
  const held = targets.filter((row) => row.holds).length;
  const unmeasured = rows.filter(notMeasured).length;
  return [line(header), rule, ...body.map(line), "", `${held} of ${targets.length} targets hold${unmeasured ? `; ${unmeasured} not measured here` : ""}`].join("\n");
};

/** Prints the table to stdout. */
export const printTable = (rows: readonly BenchRow[]): void => {
  process.stdout.write(`${renderTable(rows)}\n`);
};

/** Renders the rows as a Markdown table (for docs/performance.md). */
export const renderMarkdown = (rows: readonly BenchRow[]): string => {
  const escape = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| group | name | measured | target | holds | detail |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${[row.group, row.name, formatMeasured(row), row.target, holdsText(row, "**no**"), row.detail ?? ""].map(escape).join(" | ")} |`),
  ].join("\n");
};

export type BenchResults = {
  /** ISO time the run finished. */
  finishedAt: string;
  /** The machine: CPU model and count, memory, Node version, platform. */
  machine: Record<string, string | number>;
  rows: BenchRow[];
};

/** Writes { finishedAt, machine, rows } as JSON (default bench/results/latest.json); returns the path. */
export const writeResults = (rows: readonly BenchRow[], machine: Record<string, string | number> = {}, path = DEFAULT_RESULTS_PATH): string => {
  const target = resolve(path);
  mkdirSync(dirname(target), { recursive: true });
  const results: BenchResults = { finishedAt: new Date().toISOString(), machine, rows: [...rows] };
  writeFileSync(target, `${JSON.stringify(results, null, 2)}\n`);
  return target;
};

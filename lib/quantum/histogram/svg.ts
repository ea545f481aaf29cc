// A probability histogram as SVG, drawn the way Qiskit's plot_histogram draws one (probability on
// the y axis from 0 to about 1.1 × the largest bar with 5 ticks and dashed grid lines, the value
// above each bar, the title on top), with its options: `sort` (asc, desc, hamming, value,
// value_desc) and `numberToKeep` (how many of the most probable outcomes get a bar). Only outcomes
// get bars: what is not drawn (the outcomes past the bars kept, and the share an answer already
// left out) is a note under the title, "N more outcomes, X% in all", never a bar of its own that
// would flatten the real ones. By default a histogram stays readable at any size: every outcome in
// bitstring order while they fit in MAX_BARS bars, else the MAX_BARS most probable, most probable
// first. Values and the axis are percentages; labels are drawn whole (the margins grow to hold
// them). Sizes and fonts are chosen so that the image can be read on a phone. Client-safe (no
// server imports).
import { formatChance } from "../../format";

export const BAR_COLOR = "#648fff";
/** Bars drawn by default. */
export const MAX_BARS = 12;
/** The most bars a caller may ask for with numberToKeep. */
export const MAX_KEEP = 48;
/** Labels longer than this many characters are shortened in the middle ("0101…1100"). */
export const MAX_LABEL = 64;

export const HISTOGRAM_SORTS = ["asc", "desc", "hamming", "value", "value_desc"] as const;
export type HistogramSort = (typeof HISTOGRAM_SORTS)[number];

export type HistogramOptions = {
  title?: string;
  width?: number;
  height?: number;
  /** Qiskit's sort: asc/desc by bitstring, value/value_desc by probability, hamming by distance to targetString. */
  sort?: HistogramSort;
  /** Qiskit's number_to_keep: a bar for this many most probable outcomes; the others are the note's. */
  numberToKeep?: number;
  /** The bitstring the hamming sort measures distances to. */
  targetString?: string;
  /** Probability already left out of `probabilities` (an answer bounded to its top outcomes), and how many outcomes it spans. */
  rest?: { probability: number; outcomes: number };
};

/** A bar: an outcome's label and its probability. */
export type HistogramBar = [label: string, probability: number];

// Characters XML 1.0 cannot hold at all (C0 controls other than tab/newline/return, lone
// surrogates, U+FFFE/U+FFFF) would make the whole SVG unreadable: they become U+FFFD. Stored
// names can hold anything, so every text drawn passes through here.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, "\ufffd")
    .replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

const byBits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const hamming = (a: string, b: string) => {
  let distance = Math.abs(a.length - b.length);
  for (let k = 0; k < Math.min(a.length, b.length); k += 1) if (a[a.length - 1 - k] !== b[b.length - 1 - k]) distance += 1;
  return distance;
};

/** Most probable first; ties: the smaller bitstring (the order of the bars kept, and of paged outcome tables). */
export const byProbabilityDesc = ([a, p]: [string, number], [b, q]: [string, number]) => q - p || byBits(a, b);

const ORDERS: Record<HistogramSort, (target: string) => (a: [string, number], b: [string, number]) => number> = {
  asc: () => ([a], [b]) => byBits(a, b),
  desc: () => ([a], [b]) => byBits(b, a),
  value: () => ([a, p], [b, q]) => p - q || byBits(a, b),
  value_desc: () => byProbabilityDesc,
  hamming: (target) => ([a], [b]) => hamming(a, target) - hamming(b, target) || byBits(a, b),
};

export type HistogramLayout = {
  bars: HistogramBar[];
  sort: HistogramSort;
  /** Outcomes in all (those in `probabilities` and those in `rest`). */
  outcomes: number;
  /** Outcomes without a bar (not kept, or already left out of the answer), and their probability: the note. */
  restOutcomes: number;
  restProbability: number;
};

/**
 * The bars to draw. The `numberToKeep` most probable outcomes (ties: the smaller bitstring) get a
 * bar, sorted by `sort`; everything else, and the `rest` already left out, is counted for the note.
 */
export const histogramLayout = (probabilities: Record<string, number>, options: HistogramOptions = {}): HistogramLayout => {
  const entries = Object.entries(probabilities);
  const extra = options.rest && options.rest.outcomes > 0 ? options.rest : undefined;
  const outcomes = entries.length + (extra?.outcomes ?? 0);
  const fits = !extra && entries.length <= MAX_BARS;
  const keep = Math.max(0, Math.min(options.numberToKeep ?? (fits ? entries.length : MAX_BARS), entries.length));
  const sort = options.sort ?? (fits && keep >= entries.length ? "asc" : "value_desc");
  const byValue = [...entries].sort(ORDERS.value_desc(""));
  const kept = byValue.slice(0, keep).sort(ORDERS[sort](options.targetString ?? ""));
  const left = byValue.slice(keep);
  const restOutcomes = left.length + (extra?.outcomes ?? 0);
  const restProbability = left.reduce((sum, [, p]) => sum + p, 0) + (extra?.probability ?? 0);
  const bars: HistogramBar[] = kept.map(([bits, p]) => [bits, p]);
  return { bars, sort, outcomes, restOutcomes, restProbability };
};

/** The bars to draw (see histogramLayout). */
export const histogramBars = (probabilities: Record<string, number>, options: HistogramOptions = {}): HistogramBar[] => histogramLayout(probabilities, options).bars;

const SORT_TEXT: Record<HistogramSort, string> = {
  asc: "in bitstring order",
  desc: "in descending bitstring order",
  value: "least probable first",
  value_desc: "most probable first",
  hamming: "by Hamming distance to the target",
};

const grouped = (n: number) => n.toLocaleString("en-US");

/** A share as a percentage (formatChance) that never rounds a part up to all of it. */
export const shareText = (p: number) => (p < 1 && p >= 0.9995 ? ">99.9%" : formatChance(p));

/** The line under the title: which outcomes have a bar, and in which order. */
export const histogramSubtitle = (layout: HistogramLayout) =>
  layout.restOutcomes > 0
    ? `${grouped(layout.bars.length)} of ${grouped(layout.outcomes)} outcomes, ${SORT_TEXT[layout.sort]}`
    : `${grouped(layout.outcomes)} outcome${layout.outcomes === 1 ? "" : "s"}, ${SORT_TEXT[layout.sort]}`;

/** The note on what has no bar ("1,012 more outcomes, 96.0% in all"), or undefined when every outcome has one. */
export const histogramNote = (layout: HistogramLayout) =>
  layout.restOutcomes > 0 ? `${grouped(layout.restOutcomes)} more outcome${layout.restOutcomes === 1 ? "" : "s"}, ${shareText(layout.restProbability)} in all` : undefined;

// A tick as a percentage with as many decimals as the step needs to be exact ("0%", "0.25%", "12.5%").
export const tickLabel = (value: number, step: number) => {
  let decimals = 0;
  while (decimals < 8 && Math.abs(Math.round(step * 100 * 10 ** decimals) - step * 100 * 10 ** decimals) > 1e-6) decimals += 1;
  return `${(value * 100).toFixed(decimals)}%`;
};

// A tick step of 1, 1.2, 1.25, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k: four steps reach just past 1.1 × max.
const NICE = [1, 1.2, 1.25, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8, 10];
export const tickStep = (max: number) => {
  const raw = (max > 0 ? max * 1.1 : 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return NICE.find((nice) => nice * power >= raw - 1e-12)! * power;
};

/** A bar's value as a percentage (formatChance: "12.5%", "0.098%"): never "0%" for a non-zero bar, nor "100.0%" for a part. */
export const valueLabel = (p: number) => shareText(p);

/** A label as drawn: whole up to MAX_LABEL characters, else its ends around an ellipsis. */
export const drawnLabel = (label: string) => (label.length <= MAX_LABEL ? label : `${label.slice(0, MAX_LABEL / 2 - 1)}\u2026${label.slice(1 - MAX_LABEL / 2)}`);

// Advances of DejaVu Sans (em): enough to size margins and slots so that no text is clipped or overlaps.
const ADVANCE: Record<string, number> = { ".": 0.318, ",": 0.318, " ": 0.318, "%": 0.95, "<": 0.838, ">": 0.838, "\u2026": 1, "(": 0.39, ")": 0.39 };
export const textWidth = (text: string, size: number) => [...text].reduce((sum, ch) => sum + (ADVANCE[ch] ?? (/[0-9]/.test(ch) ? 0.636 : 0.7)), 0) * size;

export const histogramSvg = (probabilities: Record<string, number>, options: HistogramOptions = {}) => {
  const layout = histogramLayout(probabilities, options);
  const { bars } = layout;
  const note = histogramNote(layout);
  const count = Math.max(1, bars.length);
  const labels = bars.map(([label]) => drawnLabel(label));
  const values = bars.map(([, p]) => valueLabel(p));
  const max = Math.max(0, ...bars.map(([, p]) => p));
  const step = tickStep(max);
  const yMax = step * 4;
  const ticks = [0, 1, 2, 3, 4].map((k) => ({ value: step * k, text: tickLabel(step * k, step) }));
  const turnedLabel = Math.max(0, ...labels.map((label) => textWidth(label, 15)));
  // The y axis title sits left of the tick labels; the plot starts right of the widest one, and far
  // enough right that the first bar's turned label (−70°: its length × cos 70° to the left) stays in.
  const left = Math.max(76, Math.ceil(42 + Math.max(...ticks.map(({ text }) => textWidth(text, 15)))), Math.ceil(turnedLabel * 0.342) - 10);
  const right = 20;
  // A slot holds its bar and the value above it; wide enough for the widest value when the image's width is ours to choose.
  const valueWidth = Math.max(...values.map((text) => textWidth(text, 14)), 0);
  const width = options.width ?? Math.max(480, Math.min(1600, left + right + count * Math.min(60, Math.max(54, Math.ceil(valueWidth + 6)))));
  const plotWidth = width - left - right;
  const slot = plotWidth / count;
  // Values that do not fit across their slot stand upright above their bars; labels likewise are turned when they do not fit.
  const turnValues = valueWidth + 4 > slot;
  const labelWidth = Math.max(0, ...labels.map((label) => textWidth(label, 16)));
  const rotate = labelWidth + 6 > slot;
  const top = (note ? 98 : 80) + (turnValues ? Math.ceil(valueWidth) + 4 : 0);
  // Turned labels (−70°) reach down by their length × sin 70° and the glyphs' height; the x axis title under them.
  const bottom = (rotate ? 14 + Math.ceil(turnedLabel * 0.94 + 15 * 0.35) + 12 : 50) + 26;
  const height = options.height ?? Math.max(440, top + 200 + bottom);
  const plotHeight = height - top - bottom;
  const y = (p: number) => top + plotHeight - (p / yMax) * plotHeight;
  const barWidth = Math.max(2, Math.floor(slot * 0.62));
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="30" font-size="20" text-anchor="middle" fill="#111111">${escapeXml(options.title ?? "Measurement outcomes")}</text>`);
  out.push(`<text x="${width / 2}" y="56" font-size="15" text-anchor="middle" fill="#333333">${escapeXml(histogramSubtitle(layout))}</text>`);
  if (note) out.push(`<text x="${width / 2}" y="80" font-size="15" text-anchor="middle" fill="#333333">${escapeXml(note)}</text>`);
  for (const [k, { value, text }] of ticks.entries()) {
    const ty = Math.round(y(value)) + 0.5;
    if (k > 0) out.push(`<line x1="${left}" y1="${ty}" x2="${width - right}" y2="${ty}" stroke="#c8c8c8" stroke-width="1" stroke-dasharray="4 4"/>`);
    out.push(`<line x1="${left - 5}" y1="${ty}" x2="${left}" y2="${ty}" stroke="#333333" stroke-width="1"/>`);
    out.push(`<text x="${left - 8}" y="${ty + 5}" font-size="15" text-anchor="end" fill="#333333">${text}</text>`);
  }
  out.push(`<text transform="translate(20 ${top + plotHeight / 2}) rotate(-90)" font-size="16" text-anchor="middle" fill="#333333">Probability</text>`);
  const base = Math.round(y(0));
  bars.forEach(([, p], k) => {
    const cx = left + slot * k + slot / 2;
    const x = Math.round(cx - barWidth / 2);
    const barTop = p > 0 ? Math.min(base - 1, Math.round(y(p))) : base;
    if (p > 0) out.push(`<rect x="${x}" y="${barTop}" width="${barWidth}" height="${base - barTop}" fill="${BAR_COLOR}" shape-rendering="crispEdges"/>`);
    out.push(
      turnValues
        ? `<text transform="translate(${cx + 5} ${barTop - 6}) rotate(-90)" font-size="14" fill="#111111">${escapeXml(values[k])}</text>`
        : `<text x="${cx}" y="${barTop - 6}" font-size="14" text-anchor="middle" fill="#111111">${escapeXml(values[k])}</text>`,
    );
    const text = escapeXml(labels[k]);
    out.push(
      rotate
        ? `<text transform="translate(${cx + 5} ${base + 14}) rotate(-70)" font-size="15" text-anchor="end" fill="#333333">${text}</text>`
        : `<text x="${cx}" y="${base + 24}" font-size="16" text-anchor="middle" fill="#333333">${text}</text>`,
    );
  });
  out.push(`<text x="${left + plotWidth / 2}" y="${height - 10}" font-size="15" text-anchor="middle" fill="#333333">Outcome (bit 0 rightmost)</text>`);
  const axisY = base + 0.5;
  out.push(`<line x1="${left}" y1="${axisY}" x2="${width - right}" y2="${axisY}" stroke="#333333" stroke-width="1"/>`);
  out.push(`<line x1="${left + 0.5}" y1="${top}" x2="${left + 0.5}" y2="${axisY}" stroke="#333333" stroke-width="1"/>`);
  out.push("</svg>");
  return { svg: out.join("\n"), width, height, bars, layout, note };
};

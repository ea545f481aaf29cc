// A probability histogram as SVG, drawn the way Qiskit's plot_histogram draws one (probability on
// the y axis from 0 to about 1.1 × the largest bar with 5 ticks and dashed grid lines, the value
// above each bar, the title on top), with its options: `sort` (asc, desc, hamming, value,
// value_desc) and `numberToKeep` (the most probable outcomes kept, the others summed into one
// "rest" bar). By default a histogram stays readable at any size: every outcome in bitstring
// order while they fit in MAX_BARS bars, else the MAX_BARS − 1 most probable, most probable
// first, and one bar for the rest, with a subtitle that says how much the rest holds. Sizes and
// fonts are chosen so that the image can be read on a phone. Client-safe (no server imports).
export const BAR_COLOR = "#648fff";
export const REST_COLOR = "#9aa5b1";
/** Bars drawn by default (the rest bar included). */
export const MAX_BARS = 12;
/** The most bars a caller may ask for with numberToKeep (the rest bar not counted). */
export const MAX_KEEP = 48;

export const HISTOGRAM_SORTS = ["asc", "desc", "hamming", "value", "value_desc"] as const;
export type HistogramSort = (typeof HISTOGRAM_SORTS)[number];

export type HistogramOptions = {
  title?: string;
  width?: number;
  height?: number;
  /** Qiskit's sort: asc/desc by bitstring, value/value_desc by probability, hamming by distance to targetString. */
  sort?: HistogramSort;
  /** Qiskit's number_to_keep: keep this many most probable outcomes, sum the others into "rest". */
  numberToKeep?: number;
  /** The bitstring the hamming sort measures distances to. */
  targetString?: string;
  /** Probability already left out of `probabilities` (an answer bounded to its top outcomes), and how many outcomes it spans. */
  rest?: { probability: number; outcomes: number };
};

/** A bar: its label, its probability, and whether it is the rest of the outcomes. */
export type HistogramBar = [label: string, probability: number, rest?: true];

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

const ORDERS: Record<HistogramSort, (target: string) => (a: [string, number], b: [string, number]) => number> = {
  asc: () => ([a], [b]) => byBits(a, b),
  desc: () => ([a], [b]) => byBits(b, a),
  value: () => ([a, p], [b, q]) => p - q || byBits(a, b),
  value_desc: () => ([a, p], [b, q]) => q - p || byBits(a, b),
  hamming: (target) => ([a], [b]) => hamming(a, target) - hamming(b, target) || byBits(a, b),
};

export type HistogramLayout = {
  bars: HistogramBar[];
  sort: HistogramSort;
  /** Outcomes in all (those in `probabilities` and those in `rest`). */
  outcomes: number;
  /** Outcomes summed into the rest bar, and their probability. */
  restOutcomes: number;
  restProbability: number;
};

/**
 * The bars to draw. The `numberToKeep` most probable outcomes (ties: the smaller bitstring) are
 * kept and sorted by `sort`; everything else, and the `rest` already left out, is one last bar.
 */
export const histogramLayout = (probabilities: Record<string, number>, options: HistogramOptions = {}): HistogramLayout => {
  const entries = Object.entries(probabilities);
  const extra = options.rest && options.rest.outcomes > 0 ? options.rest : undefined;
  const outcomes = entries.length + (extra?.outcomes ?? 0);
  const fits = !extra && entries.length <= MAX_BARS;
  const keep = Math.max(1, Math.min(options.numberToKeep ?? (fits ? entries.length : MAX_BARS - 1), entries.length || 1));
  const sort = options.sort ?? (fits && keep >= entries.length ? "asc" : "value_desc");
  const byValue = [...entries].sort(ORDERS.value_desc(""));
  const kept = byValue.slice(0, keep).sort(ORDERS[sort](options.targetString ?? ""));
  const left = byValue.slice(keep);
  const restOutcomes = left.length + (extra?.outcomes ?? 0);
  const restProbability = left.reduce((sum, [, p]) => sum + p, 0) + (extra?.probability ?? 0);
  const bars: HistogramBar[] = kept.map(([bits, p]) => [bits, p]);
  if (restOutcomes > 0) bars.push([`rest (${restOutcomes.toLocaleString("en-US")})`, restProbability, true]);
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

// A share as a percentage that never rounds a part to all or a part to nothing.
const percent = (p: number) => (p > 0 && p < 0.0005 ? "< 0.1 %" : p < 1 && p >= 0.9995 ? "> 99.9 %" : `${(p * 100).toFixed(1)} %`);

/** The line under the title: what is drawn, in which order, and what the rest bar holds. */
export const histogramSubtitle = (layout: HistogramLayout) => {
  const kept = layout.bars.length - (layout.restOutcomes > 0 ? 1 : 0);
  const count = (n: number) => n.toLocaleString("en-US");
  return layout.restOutcomes > 0
    ? `${count(kept)} of ${count(layout.outcomes)} outcomes, ${SORT_TEXT[layout.sort]}; rest: ${count(layout.restOutcomes)} more, ${percent(layout.restProbability)} in all`
    : `${count(layout.outcomes)} outcome${layout.outcomes === 1 ? "" : "s"}, ${SORT_TEXT[layout.sort]}`;
};

// As many decimals as the step needs to be exact (at least one).
const tickLabel = (value: number, step: number) => {
  let decimals = 1;
  while (decimals < 8 && Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) > 1e-6) decimals += 1;
  return value.toFixed(decimals);
};

// A tick step of 1, 1.2, 1.25, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k: four steps reach just past 1.1 × max.
const NICE = [1, 1.2, 1.25, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8, 10];
export const tickStep = (max: number) => {
  const raw = (max > 0 ? max * 1.1 : 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return NICE.find((nice) => nice * power >= raw - 1e-12)! * power;
};

/** A bar's value: 3 decimals, or one significant digit below 0.001 ("4e-6"), never a bare "0.000" for a non-zero bar. */
export const valueLabel = (p: number) => (p === 0 || p >= 0.0005 ? p.toFixed(3) : p.toExponential(0).replace("e-", "e\u2212"));

export const histogramSvg = (probabilities: Record<string, number>, options: HistogramOptions = {}) => {
  const layout = histogramLayout(probabilities, options);
  const { bars } = layout;
  const count = Math.max(1, bars.length);
  // Wide enough for a value label per bar, narrow enough that a phone shrinks it little.
  const width = options.width ?? Math.max(480, Math.min(1600, 100 + count * 54));
  const longest = Math.max(1, ...bars.map(([label]) => label.length));
  const rotate = longest > 5 || count > 8;
  const left = 76;
  const right = 20;
  const top = 80;
  const bottom = (rotate ? 30 + Math.min(200, 9.2 * longest) : 50) + 26;
  const height = options.height ?? Math.max(440, 240 + bottom);
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const max = Math.max(0, ...bars.map(([, p]) => p));
  const step = tickStep(max);
  const yMax = step * 4;
  const y = (p: number) => top + plotHeight - (p / yMax) * plotHeight;
  const slot = plotWidth / count;
  const barWidth = Math.max(2, Math.floor(slot * 0.62));
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="30" font-size="20" text-anchor="middle" fill="#111111">${escapeXml(options.title ?? "Measurement outcomes")}</text>`);
  out.push(`<text x="${width / 2}" y="56" font-size="15" text-anchor="middle" fill="#333333">${escapeXml(histogramSubtitle(layout))}</text>`);
  for (let k = 0; k <= 4; k += 1) {
    const value = step * k;
    const ty = Math.round(y(value)) + 0.5;
    if (k > 0) out.push(`<line x1="${left}" y1="${ty}" x2="${width - right}" y2="${ty}" stroke="#c8c8c8" stroke-width="1" stroke-dasharray="4 4"/>`);
    out.push(`<line x1="${left - 5}" y1="${ty}" x2="${left}" y2="${ty}" stroke="#333333" stroke-width="1"/>`);
    out.push(`<text x="${left - 8}" y="${ty + 5}" font-size="15" text-anchor="end" fill="#333333">${tickLabel(value, step)}</text>`);
  }
  out.push(`<text transform="translate(20 ${top + plotHeight / 2}) rotate(-90)" font-size="16" text-anchor="middle" fill="#333333">Probability</text>`);
  const base = Math.round(y(0));
  bars.forEach(([label, p, rest], k) => {
    const cx = left + slot * k + slot / 2;
    const x = Math.round(cx - barWidth / 2);
    const barTop = p > 0 ? Math.min(base - 1, Math.round(y(p))) : base;
    if (p > 0) out.push(`<rect x="${x}" y="${barTop}" width="${barWidth}" height="${base - barTop}" fill="${rest ? REST_COLOR : BAR_COLOR}" shape-rendering="crispEdges"/>`);
    out.push(`<text x="${cx}" y="${barTop - 6}" font-size="14" text-anchor="middle" fill="#111111">${valueLabel(p)}</text>`);
    const text = escapeXml(label);
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
  return { svg: out.join("\n"), width, height, bars, layout };
};

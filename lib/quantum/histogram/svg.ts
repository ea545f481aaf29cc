// A probability histogram as SVG, drawn the way Qiskit's plot_histogram draws one: a bar per
// bitstring in ascending order, probability on the y axis from 0 to about 1.1 × the largest
// bar with 5 ticks and dashed grid lines, the value (3 decimals) above each bar, the title on top.
export const BAR_COLOR = "#648fff";
export const MAX_BARS = 48;

export type HistogramOptions = { title?: string; width?: number; height?: number };

// Characters XML 1.0 cannot hold at all (C0 controls other than tab/newline/return, lone
// surrogates, U+FFFE/U+FFFF) would make the whole SVG unreadable: they become U+FFFD. Stored
// names can hold anything, so every text drawn passes through here.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, "\ufffd")
    .replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

/**
 * The bars to draw: every bitstring in ascending order, or, past MAX_BARS, the most probable
 * ones (still in ascending order) and one "other" bar for the rest.
 */
export const histogramBars = (probabilities: Record<string, number>): [string, number][] => {
  const entries = Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length <= MAX_BARS) return entries;
  const kept = [...entries].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_BARS - 1);
  const keep = new Set(kept.map(([bits]) => bits));
  const rest = entries.filter(([bits]) => !keep.has(bits)).reduce((sum, [, p]) => sum + p, 0);
  return [...entries.filter(([bits]) => keep.has(bits)), [`other (${entries.length - kept.length})`, rest]];
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

export const histogramSvg = (probabilities: Record<string, number>, options: HistogramOptions = {}) => {
  const bars = histogramBars(probabilities);
  const count = Math.max(1, bars.length);
  const width = options.width ?? Math.max(480, Math.min(2400, 90 + count * 44));
  const height = options.height ?? 420;
  const left = 72;
  const right = 20;
  const top = 56;
  const rotate = bars.some(([bits]) => bits.length > 4) || count > 12;
  const bottom = rotate ? 40 + Math.min(130, 7 * Math.max(...bars.map(([bits]) => bits.length), 1)) : 56;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const max = Math.max(0, ...bars.map(([, p]) => p));
  const step = tickStep(max);
  const yMax = step * 4;
  const y = (p: number) => top + plotHeight - (p / yMax) * plotHeight;
  const slot = plotWidth / count;
  const barWidth = Math.max(2, Math.floor(slot * 0.6));
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans">`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="32" font-size="18" text-anchor="middle" fill="#111111">${escapeXml(options.title ?? "Measurement outcomes")}</text>`);
  for (let k = 0; k <= 4; k += 1) {
    const value = step * k;
    const ty = Math.round(y(value)) + 0.5;
    if (k > 0) out.push(`<line x1="${left}" y1="${ty}" x2="${width - right}" y2="${ty}" stroke="#c8c8c8" stroke-width="1" stroke-dasharray="4 4"/>`);
    out.push(`<line x1="${left - 5}" y1="${ty}" x2="${left}" y2="${ty}" stroke="#333333" stroke-width="1"/>`);
    out.push(`<text x="${left - 8}" y="${ty + 4}" font-size="12" text-anchor="end" fill="#333333">${tickLabel(value, step)}</text>`);
  }
  out.push(`<text transform="translate(18 ${top + plotHeight / 2}) rotate(-90)" font-size="14" text-anchor="middle" fill="#333333">Probability</text>`);
  bars.forEach(([bits, p], k) => {
    const cx = left + slot * k + slot / 2;
    const x = Math.round(cx - barWidth / 2);
    const base = Math.round(y(0));
    const barTop = p > 0 ? Math.min(base - 1, Math.round(y(p))) : base;
    if (p > 0) out.push(`<rect x="${x}" y="${barTop}" width="${barWidth}" height="${base - barTop}" fill="${BAR_COLOR}" shape-rendering="crispEdges"/>`);
    out.push(`<text x="${cx}" y="${barTop - 6}" font-size="11" text-anchor="middle" fill="#111111">${p.toFixed(3)}</text>`);
    const label = escapeXml(bits);
    out.push(
      rotate
        ? `<text transform="translate(${cx + 4} ${base + 12}) rotate(-70)" font-size="12" text-anchor="end" fill="#333333">${label}</text>`
        : `<text x="${cx}" y="${base + 20}" font-size="13" text-anchor="middle" fill="#333333">${label}</text>`,
    );
  });
  const axisY = Math.round(y(0)) + 0.5;
  out.push(`<line x1="${left}" y1="${axisY}" x2="${width - right}" y2="${axisY}" stroke="#333333" stroke-width="1"/>`);
  out.push(`<line x1="${left + 0.5}" y1="${top}" x2="${left + 0.5}" y2="${axisY}" stroke="#333333" stroke-width="1"/>`);
  out.push("</svg>");
  return { svg: out.join("\n"), width, height, bars };
};

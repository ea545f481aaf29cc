// The histogram is a real PNG: signature, IHDR size, and one #648fff bar per bitstring; only outcomes
// get bars, what has none is a note under the title.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { histogramBase64, histogramBars, histogramSvg, MAX_BARS } from "../../lib/quantum/histogram";
import { textWidth } from "../../lib/quantum/histogram/svg";
import { decodePng, maxRunsOfColor, PNG_SIGNATURE } from "./png";

const BAR: [number, number, number] = [0x64, 0x8f, 0xff];

describe("histogram", () => {
  it("renders a PNG with one bar per bitstring", async () => {
    const probabilities = { "000": 0.02, "001": 0.03, "010": 0.015, "011": 0.29, "100": 0.018, "101": 0.033, "110": 0.04, "111": 0.554 };
    const base64 = await histogramBase64(probabilities, { title: "Agent test: 1024 shots" });
    expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(base64, "base64");
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    const image = decodePng(png);
    const { width, height } = histogramSvg(probabilities);
    expect([image.width, image.height]).toEqual([width, height]);
    expect(maxRunsOfColor(image, BAR)).toBe(8);
  });

  it("draws two bars for a Bell pair and one for a certain outcome", async () => {
    expect(maxRunsOfColor(decodePng(Buffer.from(await histogramBase64({ "00": 0.5, "11": 0.5 }), "base64")), BAR)).toBe(2);
    expect(maxRunsOfColor(decodePng(Buffer.from(await histogramBase64({ "101": 1 }), "base64")), BAR)).toBe(1);
  });

  it("sorts bars ascending, labels values and ticks in %, and ends the axis near 1.1 × the largest bar", () => {
    const { svg, bars, note } = histogramSvg({ "11": 0.25, "00": 0.75 });
    expect(bars.map(([bits]) => bits)).toEqual(["00", "11"]);
    expect(svg).toContain(">75.0%</text>");
    expect(svg).toContain(">25.0%</text>");
    expect(svg).toContain('fill="#648fff"');
    expect(svg).toContain('stroke-dasharray="4 4"');
    // 1.1 × 0.75 = 0.825 → 4 steps of 0.25 (the next nice step): ticks 0% … 100%.
    expect(svg).toContain(">0%</text>");
    expect(svg).toContain(">100%</text>");
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(4);
    // Every outcome has its bar: no note.
    expect(note).toBeUndefined();
    expect(svg).not.toContain("more outcome");
  });

  it("keeps MAX_BARS bars by default, the most probable first, and says what has no bar in a note, not a bar", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [k.toString(2).padStart(7, "0"), (k + 1) / 5050]));
    const { bars, svg, note } = histogramSvg(many);
    expect(bars).toHaveLength(MAX_BARS);
    // The 12 most probable are k = 99 … 88, most probable first; nothing else is drawn as a bar.
    expect(bars.map(([bits]) => parseInt(bits, 2))).toEqual(Array.from({ length: MAX_BARS }, (_, j) => 99 - j));
    expect(bars.every(([bits]) => /^[01]{7}$/.test(bits))).toBe(true);
    const left = (88 * 89) / 2 / 5050;
    expect(note).toBe(`88 more outcomes, ${(left * 100).toFixed(1)}% in all`);
    expect(svg).toContain(`>12 of 100 outcomes, most probable first</text>`);
    expect(svg).toContain(`>${note}</text>`);
    // The scale is the bars': the largest bar (100/5050 ≈ 2.0%) under a top tick of 2.4%, not a rest near 80%.
    expect(svg).toContain(">2.4%</text>");
  });

  it("draws a 16-bit label whole: the margin under the axis holds the turned label, the left margin its slant", () => {
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [(k * 1601).toString(2).padStart(16, "0"), 1 / 40]));
    const { svg, height } = histogramSvg(wide);
    const labels = [...svg.matchAll(/<text transform="translate\(([\d.]+) (\d+)\) rotate\(-70\)"[^>]*>([01]{16})<\/text>/g)];
    expect(labels).toHaveLength(MAX_BARS);
    for (const [, x, y, text] of labels) {
      const length = textWidth(text, 15);
      // The text ends at its anchor and runs up to the left at 70°: its start is down and to the left.
      expect(Number(x) - length * Math.cos((70 * Math.PI) / 180)).toBeGreaterThan(0);
      expect(Number(y) + length * Math.sin((70 * Math.PI) / 180) + 6).toBeLessThan(height - 26);
    }
  });
});

describe("histogram options (Qiskit's sort and number_to_keep)", () => {
  const five = { "000": 0.1, "011": 0.4, "101": 0.25, "110": 0.05, "111": 0.2 };
  const labels = (bars: [string, number][]) => bars.map(([label]) => label);
  const OLD_REST: [number, number, number] = [0x9a, 0xa5, 0xb1];

  it("sorts by bitstring, by value either way, or by Hamming distance to a target", () => {
    expect(labels(histogramBars(five, { sort: "asc" }))).toEqual(["000", "011", "101", "110", "111"]);
    expect(labels(histogramBars(five, { sort: "desc" }))).toEqual(["111", "110", "101", "011", "000"]);
    expect(labels(histogramBars(five, { sort: "value" }))).toEqual(["110", "000", "111", "101", "011"]);
    expect(labels(histogramBars(five, { sort: "value_desc" }))).toEqual(["011", "101", "111", "000", "110"]);
    // Distances to 111: 111 → 0; 011, 101, 110 → 1 (then by bitstring); 000 → 3.
    expect(labels(histogramBars(five, { sort: "hamming", targetString: "111" }))).toEqual(["111", "011", "101", "110", "000"]);
  });

  it("keeps numberToKeep bars; the others are the note, not a bar", async () => {
    const { bars, note } = histogramSvg(five, { numberToKeep: 2, sort: "asc" });
    expect(bars).toEqual([["011", 0.4], ["101", 0.25]]);
    expect(note).toBe("3 more outcomes, 35.0% in all");
    const image = decodePng(Buffer.from(await histogramBase64(five, { numberToKeep: 2 }), "base64"));
    expect(maxRunsOfColor(image, BAR)).toBe(2);
    // No grey bar for the rest any more.
    expect(maxRunsOfColor(image, OLD_REST)).toBe(0);
    // Keeping as many as there are outcomes draws them all, without a note.
    expect(histogramSvg(five, { numberToKeep: 5 }).note).toBeUndefined();
    expect(histogramSvg(five, { numberToKeep: 4 }).note).toBe("1 more outcome, 5.0% in all");
  });

  it("adds the probability an answer already left out to the note under the title", () => {
    const { bars, svg, note } = histogramSvg({ "0011": 0.2, "0101": 0.1 }, { rest: { probability: 0.7, outcomes: 1200 } });
    expect(bars).toEqual([["0011", 0.2], ["0101", 0.1]]);
    expect(svg).toContain(">2 of 1,202 outcomes, most probable first</text>");
    expect(note).toBe("1,200 more outcomes, 70.0% in all");
    expect(svg).toContain(">1,200 more outcomes, 70.0% in all</text>");
    expect(svg).toContain(">20.0%</text>");
    // A share of 99.996 % is not rounded to all of it.
    expect(histogramSvg({ "01": 0.00004 }, { rest: { probability: 0.99996, outcomes: 9000 } }).svg).toContain(">9,000 more outcomes, &gt;99.9% in all</text>");
  });

  it("stays readable at any size: a handful of bars, a phone-sized image, fonts of at least 14 px, no bare 0%", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 24 }), (distinct, left, width) => {
        const n = Math.max(width, Math.ceil(Math.log2(distinct + 1)));
        const probabilities = Object.fromEntries(Array.from({ length: distinct }, (_, k) => [k.toString(2).padStart(n, "0"), 1 / (distinct + left)]));
        const { svg, bars, width: pixels, note } = histogramSvg(probabilities, { rest: { probability: left / (distinct + left), outcomes: left } });
        expect(bars.length).toBeLessThanOrEqual(MAX_BARS);
        expect(pixels).toBeLessThanOrEqual(900);
        // The bars and the note account for everything.
        const drawn = bars.reduce((sum, [, p]) => sum + p, 0);
        expect(note === undefined).toBe(drawn > 1 - 1e-9);
        for (const size of svg.matchAll(/font-size="(\d+)"/g)) expect(Number(size[1])).toBeGreaterThanOrEqual(14);
        expect(svg).not.toMatch(/>0%<\/text>\n<text [^>]*>[01]+</);
        expect(svg).not.toMatch(/>100\.0%</);
      }),
      { seed: 7, numRuns: 60 },
    );
    expect(histogramSvg({ "00": 0.999996, "11": 0.000004 }).svg).toContain(">0.00040%</text>");
    expect(histogramSvg({ "00": 0.999996, "11": 0.000004 }).svg).toContain(">&gt;99.9%</text>");
  });

  it("keeps sort and targetString with fewer bars than outcomes", () => {
    expect(labels(histogramBars(five, { numberToKeep: 3, sort: "hamming", targetString: "000" }))).toEqual(["011", "101", "111"]);
    expect(labels(histogramBars(five, { numberToKeep: 3, sort: "value" }))).toEqual(["111", "101", "011"]);
  });
});

describe("histogram text from stored data", () => {
  it("draws a title holding control characters, markup and lone surrogates", async () => {
    const title = "Agent evil\u0001\u0008\u001f<script>&\"'\ud800\uffff: 1024 shots";
    const { svg } = histogramSvg({ "0": 0.5, "1": 0.5 }, { title });
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(svg).toContain("Agent evil\ufffd\ufffd\ufffd&lt;script&gt;&amp;&quot;&apos;\ufffd\ufffd: 1024 shots");
    const png = Buffer.from(await histogramBase64({ "0": 0.5, "1": 0.5 }, { title }), "base64");
    expect(maxRunsOfColor(decodePng(png), BAR)).toBe(2);
  });
});

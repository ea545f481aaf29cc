// The histogram is a real PNG: signature, IHDR size, and one #648fff bar per bitstring.
import { describe, expect, it } from "vitest";
import { histogramBase64, histogramSvg, MAX_BARS } from "../../lib/quantum/histogram";
import { decodePng, maxRunsOfColor, PNG_SIGNATURE } from "./png";

const BAR: [number, number, number] = [0x64, 0x8f, 0xff];

describe("histogram", () => {
  it("renders a PNG with one bar per bitstring", async () => {
    const probabilities = { "000": 0.02, "001": 0.03, "010": 0.015, "011": 0.29, "100": 0.018, "101": 0.033, "110": 0.04, "111": 0.554 };
    const started = performance.now();
    const base64 = await histogramBase64(probabilities, { title: "Agent test: 1024 shots" });
    const elapsed = performance.now() - started;
    expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(base64, "base64");
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    const image = decodePng(png);
    const { width, height } = histogramSvg(probabilities);
    expect([image.width, image.height]).toEqual([width, height]);
    expect(maxRunsOfColor(image, BAR)).toBe(8);
    expect(elapsed).toBeLessThan(5000);
  });

  it("draws two bars for a Bell pair and one for a certain outcome", async () => {
    expect(maxRunsOfColor(decodePng(Buffer.from(await histogramBase64({ "00": 0.5, "11": 0.5 }), "base64")), BAR)).toBe(2);
    expect(maxRunsOfColor(decodePng(Buffer.from(await histogramBase64({ "101": 1 }), "base64")), BAR)).toBe(1);
  });

  it("sorts bars ascending, labels values with 3 decimals, and ends the axis near 1.1 × the largest bar", () => {
    const { svg, bars } = histogramSvg({ "11": 0.25, "00": 0.75 });
    expect(bars.map(([bits]) => bits)).toEqual(["00", "11"]);
    expect(svg).toContain(">0.750</text>");
    expect(svg).toContain(">0.250</text>");
    expect(svg).toContain('fill="#648fff"');
    expect(svg).toContain('stroke-dasharray="4 4"');
    // 1.1 × 0.75 = 0.825 → 4 steps of 0.25 (the next nice step): top tick 1.00.
    expect(svg).toContain(">1.00</text>");
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(4);
  });

  it("keeps at most MAX_BARS bars: the most probable ones and one for the rest", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [k.toString(2).padStart(7, "0"), (k + 1) / 5050]));
    const { bars } = histogramSvg(many);
    expect(bars).toHaveLength(MAX_BARS);
    expect(bars[bars.length - 1][0]).toBe(`other (${100 - MAX_BARS + 1})`);
    expect(bars.reduce((sum, [, p]) => sum + p, 0)).toBeCloseTo(1, 12);
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

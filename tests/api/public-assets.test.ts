// public/: the icons and the social preview the document metadata points to exist, are PNGs of
// the sizes the metadata and the platforms expect, and are what scripts/render-public-images.ts draws.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_METADATA } from "../../app/site-metadata";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

const publicFile = (url: string) => readFileSync(path.join(PUBLIC, url));

describe("public assets", () => {
  it("has the 1200 × 630 social preview the Open Graph and Twitter metadata name", () => {
    const images = SITE_METADATA.openGraph?.images as { url: string; width: number; height: number }[];
    expect(images).toHaveLength(1);
    expect(pngSize(publicFile(images[0].url))).toEqual({ width: images[0].width, height: images[0].height });
    expect(images[0]).toMatchObject({ width: 1200, height: 630 });
    expect(SITE_METADATA.twitter).toMatchObject({ card: "summary_large_image", images: [images[0].url] });
  });

  it("has the 180 × 180 Apple touch icon the metadata names", () => {
    const icons = SITE_METADATA.icons as { apple: string };
    expect(pngSize(publicFile(icons.apple))).toEqual({ width: 180, height: 180 });
  });

  it("has a favicon.ico holding one 32 × 32 PNG, so the browser's own request finds one", () => {
    const ico = publicFile("/favicon.ico");
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    const [size, offset] = [ico.readUInt32LE(14), ico.readUInt32LE(18)];
    expect(offset + size).toBe(ico.length);
    expect(pngSize(ico.subarray(offset))).toEqual({ width: 32, height: 32 });
  });
});

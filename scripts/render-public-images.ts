// Renders the static images of public/ from SVG drawn here, with the same resvg renderer and
// bundled DejaVu font as the quantum histograms (nothing downloaded, the same bytes on every
// machine): the favicon, the Apple touch icon and the social preview (Open Graph / Twitter card).
// Run `npm run assets:render` after changing a drawing; the PNGs are committed.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderPng } from "../lib/quantum/histogram/png";

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const NAVY = "#111a33";
const BLUE = "#7b9cff";

/** The app's mark (the same drawing as app/icon.svg), full-bleed for raster icons. */
const markSvg = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="${NAVY}"/><path d="M32 10 54 32 32 54 10 32Z" fill="${BLUE}"/>` +
  `<path d="M32 22 42 32 32 42 22 32Z" fill="${NAVY}"/></svg>`;

// A fixed three-qubit distribution for the preview's chart (eight bars, as the analyses draw).
const BARS = [0.04, 0.06, 0.05, 0.13, 0.07, 0.14, 0.12, 0.39];

const previewSvg = () => {
  const [width, height] = [1200, 630];
  const chart = BARS.map((p, k) => {
    const barHeight = Math.round(p * 520);
    const x = 790 + k * 47;
    return `<rect x="${x}" y="${520 - barHeight}" width="34" height="${barHeight}" rx="4" fill="${BLUE}" opacity="${0.55 + p}"/>` +
      `<text x="${x + 17}" y="552" font-size="15" fill="#9fb0d9" text-anchor="middle">${k.toString(2).padStart(3, "0")}</text>`;
  }).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${NAVY}"/>` +
    `<g transform="translate(96 150) scale(2.5)"><path d="M32 10 54 32 32 54 10 32Z" fill="${BLUE}"/><path d="M32 22 42 32 32 42 22 32Z" fill="${NAVY}"/></g>` +
    `<text x="96" y="380" font-size="84" fill="#ffffff">Syndicate</text>` +
    `<text x="96" y="440" font-size="30" fill="#c9d4f2">AI agents, squads and syndicates</text>` +
    `<text x="96" y="482" font-size="30" fill="#c9d4f2">with wallet metrics and quantum analytics</text>` +
    `<line x1="780" y1="521" x2="1150" y2="521" stroke="#3a4a7a" stroke-width="2"/>${chart}</svg>`
  );
};

/** An .ico holding one PNG image (the format every current browser reads). */
const icoOf = (png: Buffer, size: number) => {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image starts after this header
  return Buffer.concat([header, png]);
};

const main = async () => {
  writeFileSync(path.join(PUBLIC, "favicon.ico"), icoOf(await renderPng(markSvg(32)), 32));
  writeFileSync(path.join(PUBLIC, "apple-touch-icon.png"), await renderPng(markSvg(180)));
  writeFileSync(path.join(PUBLIC, "og-image.png"), await renderPng(previewSvg()));
  console.log(`wrote favicon.ico, apple-touch-icon.png and og-image.png to ${PUBLIC}`);
};

await main();

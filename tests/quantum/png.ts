// A minimal PNG reader for the tests: chunks, IHDR, and 8-bit RGB/RGBA pixels after unfiltering.
import { inflateSync } from "node:zlib";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type DecodedPng = { width: number; height: number; channels: number; pixels: Buffer };

export const decodePng = (png: Buffer): DecodedPng => {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8) throw new Error("only 8-bit PNGs");
      colorType = body[9];
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!channels) throw new Error(`colour type ${colorType} not handled`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
};

/** Runs of pixels of exactly this colour along each row; the most found in any row. */
export const maxRunsOfColor = (image: DecodedPng, [r, g, b]: [number, number, number]) => {
  let best = 0;
  for (let y = 0; y < image.height; y += 1) {
    let runs = 0;
    let inside = false;
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * image.channels;
      const match = image.pixels[i] === r && image.pixels[i + 1] === g && image.pixels[i + 2] === b;
      if (match && !inside) runs += 1;
      inside = match;
    }
    best = Math.max(best, runs);
  }
  return best;
};

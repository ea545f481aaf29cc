// SVG → PNG with resvg, using the DejaVu Sans shipped with the project (the dejavu-fonts-ttf
// package) and no system fonts, so the image is the same on every machine. resvg is loaded at
// run time from node_modules (a native addon that must not be bundled).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ResvgRenderOptions, RenderedImage } from "@resvg/resvg-js";
import { AppError } from "../../core/errors";
import { histogramSvg, type HistogramOptions } from "./svg";

type ResvgModule = { renderAsync: (svg: string, options?: ResvgRenderOptions | null) => Promise<RenderedImage> };

const FONT = ["dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf"];

// Walk up from the working directory to the node_modules that holds the font.
const findFont = (): string | undefined => {
  if (process.env.QUANTUM_FONT_FILE) return process.env.QUANTUM_FONT_FILE;
  let dir = process.cwd();
  for (;;) {
    const candidate = path.join(dir, "node_modules", ...FONT);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
};

let resvg: ResvgModule | undefined;
let fontFile: string | undefined;

const load = () => {
  fontFile ??= findFont();
  if (!fontFile) throw new AppError("unavailable", "The histogram font (dejavu-fonts-ttf) is not installed; run npm install.");
  if (!resvg) {
    // The name is built at run time so that no bundler tries to pull the native addon in.
    const moduleName = ["@resvg", "resvg-js"].join("/");
    resvg = createRequire(path.join(process.cwd(), "package.json"))(moduleName) as ResvgModule;
  }
  return { resvg, fontFile };
};

export const renderPng = async (svg: string): Promise<Buffer> => {
  const { resvg: module, fontFile: font } = load();
  const image = await module.renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: [font], defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
    background: "#ffffff",
    logLevel: "off",
  });
  return image.asPng();
};

/** The histogram of a distribution as base64 PNG bytes (no data: prefix). */
export const histogramBase64 = async (probabilities: Record<string, number>, options: HistogramOptions = {}) =>
  (await renderPng(histogramSvg(probabilities, options).svg)).toString("base64");

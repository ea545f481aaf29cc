export { histogramSvg, histogramBars, BAR_COLOR, MAX_BARS, type HistogramOptions } from "./svg";
export { renderPng, histogramBase64 } from "./png";

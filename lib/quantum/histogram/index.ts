export {
  histogramSvg,
  histogramBars,
  histogramLayout,
  histogramSubtitle,
  byProbabilityDesc,
  histogramNote,
  BAR_COLOR,
  MAX_BARS,
  MAX_KEEP,
  HISTOGRAM_SORTS,
  type HistogramOptions,
  type HistogramSort,
  type HistogramBar,
  type HistogramLayout,
} from "./svg";
export { renderPng, histogramBase64 } from "./png";

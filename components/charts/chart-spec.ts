// What a chart draws, as data: the chart frame hands it to the lazily loaded recharts renderer.
// Colours are named tones resolved to the CSS variables of app/globals.css, so every chart follows
// the light and the dark theme.

export type ChartTone = "accent" | "ok" | "danger" | "warn";

export type ChartValueFormat = (value: number) => string;

export type ChartAxis = {
  format?: ChartValueFormat;
  /** How the tooltip shows a value on this axis; `format` unless given. */
  tooltip?: ChartValueFormat;
  /** Width kept for the tick labels, in px. */
  width?: number;
  ticks?: number[];
  domain?: [number, number];
};

export type ChartSeries = {
  key: string;
  name: string;
  tone?: ChartTone;
  /** A second scale on the right (a line chart of two magnitudes). */
  axis?: "right";
};

export type ChartSpec = {
  /** `line`: over x; `bar`: vertical bars per x; `hbar`: horizontal bars, x is the category on the left. */
  kind: "line" | "bar" | "hbar";
  data: Record<string, string | number | null>[];
  x: {
    key: string;
    /** x holds epoch milliseconds, spaced by time. */
    time?: boolean;
    format?: (value: number | string) => string;
    /** The tooltip's heading for a point; `format` unless given. */
    tooltip?: (value: number | string) => string;
    width?: number;
    /** Bar charts: the angle of the x labels (−45° for more than 4 bars unless said; −90° stands a long label upright) and the height kept for them, in px, so that none is cut. */
    angle?: number;
    height?: number;
  };
  y?: ChartAxis;
  y2?: ChartAxis;
  series: ChartSeries[];
  /** Line points drawn as dots (few points); default no dots. */
  dots?: boolean;
};

export const TONES: Record<ChartTone, string> = {
  accent: "var(--accent)",
  ok: "var(--ok-text)",
  danger: "var(--danger-text)",
  warn: "var(--warn-text)",
};

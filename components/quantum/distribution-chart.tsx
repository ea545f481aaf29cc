"use client";

// A bitstring distribution: the one view of it on the quantum pages. The bars are the histogram
// image's (every outcome while a dozen fit, else the most probable ones and one bar for the rest);
// the server-drawn PNG is offered as a download, and its base64 kept at hand, not shown twice.
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatChance } from "@/lib/format";
import { sortedEntries } from "./values";
import { histogramLayout, histogramSubtitle, tickStep } from "@/lib/quantum/histogram/svg";

const TABLE_ROWS = 256;

export type DistributionChartProps = {
  probabilities: Record<string, number>;
  label: string;
  /** Probability the answer already left out (a bounded circuit answer), and how many outcomes it spans. */
  rest?: { probability: number; outcomes: number };
  /** The server-drawn PNG histogram, base64, offered for download. */
  histogram?: string;
  /** The download's file name, without extension. */
  fileName?: string;
};

export const DistributionChart = ({ probabilities, label, rest, histogram, fileName = "histogram" }: DistributionChartProps) => {
  const entries = sortedEntries(probabilities);
  const layout = histogramLayout(probabilities, { rest });
  const step = tickStep(Math.max(0, ...layout.bars.map(([, p]) => p)));
  const ticks = [0, 1, 2, 3, 4].map((k) => Number((k * step).toPrecision(6)));
  const subtitle = histogramSubtitle(layout);
  return (
    <ChartFrame
      label={`${label}: ${subtitle}`}
      caption={subtitle}
      height={260}
      testId="distribution-chart"
      spec={{
        kind: "bar",
        data: layout.bars.map(([bits, probability]) => ({ bits, probability })),
        x: { key: "bits", tooltip: (bits) => `Bitstring ${bits}` },
        y: { ticks, domain: [0, ticks[4]], format: formatChance, tooltip: formatChance },
        series: [{ key: "probability", name: "Probability" }],
      }}
      figures={{
        label: "Distribution figures",
        caption: `Probability per bitstring (qubit 0 rightmost)${entries.length > TABLE_ROWS ? `; first ${TABLE_ROWS} of ${entries.length}` : ""}`,
        columns: ["Bitstring", "Probability"],
        rows: entries.slice(0, TABLE_ROWS).map(([bits, p]) => ({ key: bits, cells: [<code key="bits">{bits}</code>, formatChance(p)] })),
      }}
      footer={histogram ? <HistogramDownload base64={histogram} fileName={fileName} /> : null}
    />
  );
};

/** The PNG the API drew (its `histogram` field): a download link, and the base64 itself to copy. */
export const HistogramDownload = ({ base64, fileName }: { base64: string; fileName: string }) => (
  <div className="histogram-download">
    <p>
      <a href={`data:image/png;base64,${base64}`} download={`${fileName}.png`} type="image/png" data-testid="histogram-download">
        Download the histogram (PNG)
      </a>
    </p>
    <details>
      <summary>Image data for scripts (base64)</summary>
      <textarea readOnly aria-label="Histogram image data (base64 PNG)" value={base64} rows={4} style={{ width: "100%", fontFamily: "monospace", fontSize: 12 }} />
    </details>
  </div>
);

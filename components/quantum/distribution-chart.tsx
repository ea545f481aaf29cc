"use client";

// A bitstring distribution: the one view of it on the quantum pages. The bars are the histogram
// image's (every outcome while a dozen fit, else the most probable ones, most probable first); what
// has no bar is a note under the caption ("1,012 more outcomes, 96.0% in all"), never a bar. The
// figures list every answered outcome, most probable first, a page at a time. The server-drawn PNG
// is offered as a download, and its base64 kept at hand, not shown twice.
import { ChartFrame } from "@/components/charts/chart-frame";
import { TABLE_PAGE_SIZE } from "@/components/ui/table-pager";
import { formatChance, formatInteger } from "@/lib/format";
import { mostProbableFirst } from "./values";
import { histogramLayout, histogramNote, histogramSubtitle, shareText, tickLabel, tickStep, type HistogramOptions } from "@/lib/quantum/histogram/svg";

// Room per character of an axis label (12 px text), so that no label is cut.
const CHAR_PX = 8;

export type DistributionChartProps = {
  probabilities: Record<string, number>;
  label: string;
  /** Probability the answer already left out (a bounded circuit answer), and how many outcomes it spans. */
  rest?: { probability: number; outcomes: number };
  /** The histogram options the run asked for (the circuit page): the same bars as its image. */
  options?: Pick<HistogramOptions, "sort" | "numberToKeep" | "targetString">;
  /** The server-drawn PNG histogram, base64, offered for download. */
  histogram?: string;
  /** The download's file name, without extension. */
  fileName?: string;
};

export const DistributionChart = ({ probabilities, label, rest, options, histogram, fileName = "histogram" }: DistributionChartProps) => {
  const entries = mostProbableFirst(probabilities);
  const layout = histogramLayout(probabilities, { ...options, rest });
  const step = tickStep(Math.max(0, ...layout.bars.map(([, p]) => p)));
  const ticks = [0, 1, 2, 3, 4].map((k) => Number((k * step).toPrecision(6)));
  const subtitle = histogramSubtitle(layout);
  const note = histogramNote(layout);
  // Long bitstrings stand upright under their bars, with the room they need; the plot keeps its 200 px.
  const longest = Math.max(0, ...layout.bars.map(([bits]) => bits.length));
  const upright = longest > 6;
  const axisHeight = upright ? longest * CHAR_PX + 16 : 56;
  const tickWidth = Math.max(...ticks.map((tick) => tickLabel(tick, step).length)) * CHAR_PX + 8;
  const left = rest && rest.outcomes > 0 ? rest : undefined;
  return (
    <ChartFrame
      label={`${label}: ${subtitle}${note ? `; ${note}` : ""}`}
      caption={
        <>
          {subtitle}
          {note ? (
            <>
              <br />
              <span data-testid="distribution-note">{note}</span>
            </>
          ) : null}
        </>
      }
      height={204 + axisHeight}
      testId="distribution-chart"
      spec={{
        kind: "bar",
        data: layout.bars.map(([bits, probability]) => ({ bits, probability })),
        x: { key: "bits", tooltip: (bits) => `Bitstring ${bits}`, ...(upright ? { angle: -90, height: axisHeight } : {}) },
        y: { ticks, domain: [0, ticks[4]], format: (tick) => tickLabel(tick, step), tooltip: formatChance, width: Math.max(48, tickWidth) },
        series: [{ key: "probability", name: "Probability" }],
      }}
      figures={{
        label: "Distribution figures",
        caption: `Probability per bitstring (qubit 0 rightmost), most probable first${
          left ? `; ${formatInteger(left.outcomes)} more outcome${left.outcomes === 1 ? "" : "s"} (${shareText(left.probability)} in all) not in the answer` : ""
        }`,
        columns: ["Bitstring", "Probability"],
        rows: entries.map(([bits, p]) => ({ key: bits, cells: [<code key="bits">{bits}</code>, formatChance(p)] })),
        pageSize: TABLE_PAGE_SIZE,
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

"use client";

// A bitstring distribution: a recharts bar chart (loaded lazily, browser only) and the same
// numbers as a table for screen readers and anyone who wants the figures.
import { Suspense, lazy, useSyncExternalStore } from "react";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { formatProbability, sortedEntries } from "./format";
import { histogramLayout, histogramSubtitle } from "@/lib/quantum/histogram/svg";
import { ScrollRegion } from "@/components/ui/scroll-region";

const DistributionBarChart = lazy(() => import("./distribution-bar-chart"));

const subscribe = () => () => {};
const useIsBrowser = () => useSyncExternalStore(subscribe, () => true, () => false);

const HEIGHT = 260;

/**
 * `rest`: probability the answer already left out (a bounded circuit answer), and how many
 * outcomes it spans. The bars are the histogram image's: every outcome while a dozen fit, else
 * the most probable ones and one bar for the rest.
 */
export const DistributionChart = ({ probabilities, label, rest }: { probabilities: Record<string, number>; label: string; rest?: { probability: number; outcomes: number } }) => {
  const isBrowser = useIsBrowser();
  const entries = sortedEntries(probabilities);
  const layout = histogramLayout(probabilities, { rest });
  const data = layout.bars.map(([bits, probability]) => ({ bits, probability }));
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className="muted">{histogramSubtitle(layout)}</figcaption>
      <div role="img" aria-label={`${label}: ${histogramSubtitle(layout)}`} data-testid="distribution-chart">
        {isBrowser ? (
          <Suspense fallback={<ChartSkeleton height={HEIGHT} />}>
            <DistributionBarChart data={data} height={HEIGHT} />
          </Suspense>
        ) : (
          <ChartSkeleton height={HEIGHT} />
        )}
      </div>
      <details>
        <summary>Show the figures</summary>
        <ScrollRegion label="Distribution figures">
          <table>
            <caption className="muted">Probability per bitstring (qubit 0 rightmost){entries.length > 256 ? `; first 256 of ${entries.length}` : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Bitstring</th>
                <th scope="col">Probability</th>
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, 256).map(([bits, p]) => (
                <tr key={bits}>
                  <td>
                    <code>{bits}</code>
                  </td>
                  <td>{formatProbability(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
};

/** The server-drawn PNG histogram. */
export const HistogramImage = ({ base64, alt }: { base64: string; alt: string }) => (
  // A data: URL of bytes the API drew; next/image has nothing to optimise here.
  // eslint-disable-next-line @next/next/no-img-element
  <img src={`data:image/png;base64,${base64}`} alt={alt} style={{ maxWidth: "100%", height: "auto", border: "1px solid var(--border)", borderRadius: 8 }} />
);

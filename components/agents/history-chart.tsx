"use client";

// An agent's history over time: the recharts chart (its code loaded lazily, with a skeleton
// meanwhile, and only in the browser, where it can measure its width), and the same numbers as
// a table for screen readers and for anyone who wants the figures.
import { Suspense, lazy, useSyncExternalStore } from "react";
import type { TAgent } from "@/lib/agents/schemas";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { formatDay, formatInteger } from "./format";
import { ScrollRegion } from "@/components/ui/scroll-region";

const HistoryLineChart = lazy(() => import("./history-line-chart"));

const subscribe = () => () => {};
const useIsBrowser = () => useSyncExternalStore(subscribe, () => true, () => false);

const HEIGHT = 280;

export const HistoryChart = ({ history }: { history: TAgent["historicalData"] }) => {
  const isBrowser = useIsBrowser();
  if (history.length === 0) return <p className="muted">No history recorded yet.</p>;
  const data = history.map((point) => ({ ...point, time: Date.parse(point.timestamp) }));
  const first = formatDay(history[0].timestamp);
  const last = formatDay(history[history.length - 1].timestamp);
  return (
    <figure style={{ margin: 0 }}>
      <div role="img" aria-label={`Tasks completed and experience points from ${first} to ${last}`} data-testid="history-chart">
        {isBrowser ? (
          <Suspense fallback={<ChartSkeleton height={HEIGHT} />}>
            <HistoryLineChart data={data} height={HEIGHT} />
          </Suspense>
        ) : (
          <ChartSkeleton height={HEIGHT} />
        )}
      </div>
      <details>
        <summary>Show the figures</summary>
        <ScrollRegion label="History figures">
          <table>
            <caption className="muted">History, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Tasks completed</th>
                <th scope="col">Experience points</th>
              </tr>
            </thead>
            <tbody>
              {history.map((point) => (
                <tr key={point.timestamp}>
                  <td>{formatDay(point.timestamp)}</td>
                  <td>{formatInteger(point.tasksCompleted)}</td>
                  <td>{formatInteger(point.experiencePoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
};

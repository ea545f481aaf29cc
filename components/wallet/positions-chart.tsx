"use client";

// A wallet's positions: the largest ten as a bar chart (recharts, loaded lazily, in the browser
// only), the rest summed as "Other", and every position in a table.
import { Suspense, lazy, useSyncExternalStore } from "react";
import type { TFinancialMetrics } from "@/lib/wallet/schemas";
import { formatPercent, formatUsd } from "./format";
import { ScrollRegion } from "@/components/ui/scroll-region";

const PositionsBarChart = lazy(() => import("./positions-bar-chart"));

const subscribe = () => () => {};
const useIsBrowser = () => useSyncExternalStore(subscribe, () => true, () => false);

const SHOWN = 10;

const Skeleton = ({ height }: { height: number }) => <div className="skeleton" style={{ height, minHeight: height }} role="status" aria-label="Loading chart" />;

export const PositionsChart = ({ positions }: { positions: TFinancialMetrics["positions"] }) => {
  const isBrowser = useIsBrowser();
  const rows = Object.entries(positions).map(([name, position]) => ({ name, ...position }));
  if (rows.length === 0) return <p className="muted">No priced holdings on these chains.</p>;
  const shown = rows.slice(0, SHOWN);
  const rest = rows.slice(SHOWN);
  const data =
    rest.length > 0
      ? [...shown, { name: `Other (${rest.length})`, value: rest.reduce((sum, row) => sum + row.value, 0), percentage: rest.reduce((sum, row) => sum + row.percentage, 0) }]
      : shown;
  const height = 40 + data.length * 30;
  return (
    <figure style={{ margin: 0 }}>
      <div role="img" aria-label={`Value of the ${data.length} largest positions in USD`} data-testid="positions-chart">
        {isBrowser ? (
          <Suspense fallback={<Skeleton height={height} />}>
            <PositionsBarChart data={data} height={height} />
          </Suspense>
        ) : (
          <Skeleton height={height} />
        )}
      </div>
      <details>
        <summary>All {rows.length} positions</summary>
        <ScrollRegion label="Positions">
          <table>
            <thead>
              <tr>
                <th scope="col">Position</th>
                <th scope="col">Value</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td>{formatUsd(row.value)}</td>
                  <td>{formatPercent(row.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
};

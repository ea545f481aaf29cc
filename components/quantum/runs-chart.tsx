"use client";

// An entity's past runs: risk and predicted improvement over time, and the runs as a table.
import { Suspense, lazy, useSyncExternalStore } from "react";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { formatTime } from "./format";
import { useRuns } from "./use-quantum";
import { ScrollRegion } from "@/components/ui/scroll-region";

const RunsLineChart = lazy(() => import("./runs-line-chart"));

const subscribe = () => () => {};
const useIsBrowser = () => useSyncExternalStore(subscribe, () => true, () => false);

const HEIGHT = 240;

export const RunsChart = ({ entityType, entityId, quantumUrl = "" }: { entityType: string; entityId: string; quantumUrl?: string }) => {
  const isBrowser = useIsBrowser();
  const runs = useRuns(entityType, entityId, quantumUrl);
  if (runs.error) return <ProblemAlert error={runs.error} />;
  if (!runs.data) return <ChartSkeleton height={HEIGHT} label="Loading past runs" />;
  if (runs.data.length === 0) return <p className="muted">No runs yet: run the analysis to start its history.</p>;
  const data = [...runs.data].reverse().map((run) => ({ time: Date.parse(run.createdAt), riskScore: run.riskScore, improvementPercent: run.improvementPercent }));
  return (
    <figure style={{ margin: 0 }}>
      <div role="img" aria-label={`Risk score and predicted improvement of the last ${runs.data.length} runs`} data-testid="runs-chart">
        {isBrowser ? (
          <Suspense fallback={<ChartSkeleton height={HEIGHT} />}>
            <RunsLineChart data={data} height={HEIGHT} />
          </Suspense>
        ) : (
          <ChartSkeleton height={HEIGHT} />
        )}
      </div>
      <details>
        <summary>Show the runs</summary>
        <ScrollRegion label="Runs">
          <table>
            <caption className="muted">Newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Backend</th>
                <th scope="col">Shots</th>
                <th scope="col">Seed</th>
                <th scope="col">Risk</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td>{formatTime(run.createdAt)}</td>
                  <td>{run.backend}</td>
                  <td>{run.shots}</td>
                  <td>
                    <code>{run.seed}</code>
                  </td>
                  <td>{run.riskScore === null ? "—" : run.riskScore.toFixed(1)}</td>
                  <td>{run.durationMs.toFixed(2)} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
};

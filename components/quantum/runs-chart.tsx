"use client";

// An entity's past runs: risk and predicted improvement over time, and the runs as a table.
import { ChartFrame } from "@/components/charts/chart-frame";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { formatDateTime, formatDayShort, formatDecimal, formatDuration, formatInteger } from "@/lib/format";
import type { TQuantumRun } from "@/lib/quantum/runs/schemas";
import { useRuns } from "./use-quantum";

const HEIGHT = 240;

export const RunsChart = ({ entityType, entityId, quantumUrl = "" }: { entityType: TQuantumRun["entityType"]; entityId: string; quantumUrl?: string }) => {
  const runs = useRuns(entityType, entityId, quantumUrl);
  if (runs.error) return <ProblemAlert error={runs.error} />;
  if (!runs.data) return <ChartSkeleton height={HEIGHT} label="Loading past runs" />;
  if (runs.data.length === 0) return <p className="muted">No runs yet: run the analysis to start its history.</p>;
  return (
    <ChartFrame
      label={`Risk score and predicted improvement of the last ${runs.data.length} runs`}
      height={HEIGHT}
      testId="runs-chart"
      spec={{
        kind: "line",
        data: [...runs.data].reverse().map((run) => ({ time: Date.parse(run.createdAt), riskScore: run.riskScore, improvementPercent: run.improvementPercent })),
        x: { key: "time", time: true, format: formatDayShort, tooltip: formatDateTime },
        y: { format: formatInteger, tooltip: (value) => formatDecimal(value, 1), width: 40 },
        series: [
          { key: "riskScore", name: "Risk score (0–100)", tone: "danger" },
          { key: "improvementPercent", name: "Predicted improvement (%)", tone: "ok" },
        ],
        dots: true,
      }}
      figures={{
        label: "Runs",
        caption: "Newest first",
        columns: ["When", "Backend", "Shots", "Seed", "Risk", "Duration"],
        rows: runs.data.map((run) => ({
          key: run.id,
          cells: [
            formatDateTime(run.createdAt),
            run.backend,
            run.shots,
            <code key="seed">{run.seed}</code>,
            run.riskScore === null ? "—" : formatDecimal(run.riskScore, 1),
            formatDuration(run.durationMs),
          ],
        })),
      }}
    />
  );
};

"use client";

// An agent's history over time: tasks completed and experience points, each on its own scale.
import type { TAgent } from "@/lib/agents/schemas";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatDate, formatInteger, formatMonth } from "@/lib/format";

export const HistoryChart = ({ history }: { history: TAgent["historicalData"] }) => {
  if (history.length === 0) return <p className="muted">No history recorded yet.</p>;
  const data = history.map((point) => ({ time: Date.parse(point.timestamp), tasksCompleted: point.tasksCompleted, experiencePoints: point.experiencePoints }));
  const first = formatDate(history[0].timestamp);
  const last = formatDate(history[history.length - 1].timestamp);
  return (
    <ChartFrame
      label={`Tasks completed and experience points from ${first} to ${last}`}
      height={280}
      testId="history-chart"
      spec={{
        kind: "line",
        data,
        x: { key: "time", time: true, format: (value) => formatMonth(value) },
        y: { format: formatInteger, width: 56 },
        y2: { format: formatInteger, width: 72 },
        series: [
          { key: "tasksCompleted", name: "Tasks completed", tone: "accent" },
          { key: "experiencePoints", name: "Experience points", tone: "ok", axis: "right" },
        ],
      }}
      figures={{
        label: "History figures",
        caption: "History, oldest first",
        columns: ["Date", "Tasks completed", "Experience points"],
        rows: history.map((point) => ({
          key: point.timestamp,
          cells: [formatDate(point.timestamp), formatInteger(point.tasksCompleted), formatInteger(point.experiencePoints)],
        })),
      }}
    />
  );
};

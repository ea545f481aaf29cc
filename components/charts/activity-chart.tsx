"use client";

// The overview's activity per UTC day (tasks completed, deployments deployed, quantum analyses run)
// as lines, with the same counts in the figures table.
import type { ActivityDay } from "@/lib/overview/get-activity";
import { formatDate, formatDayShort, formatInteger as integer } from "@/lib/format";
import { ChartFrame } from "./chart-frame";

const dayLabel = (date: number | string) => formatDayShort(`${date}T00:00:00Z`);

export const ActivityChart = ({ days }: { days: ActivityDay[] }) => {
  const totals = days.reduce((sum, day) => ({ tasks: sum.tasks + day.tasksCompleted, deployments: sum.deployments + day.deploymentsDeployed, runs: sum.runs + day.quantumRuns }), { tasks: 0, deployments: 0, runs: 0 });
  const span = days.length > 0 ? `${dayLabel(days[0].date)} to ${dayLabel(days[days.length - 1].date)}` : "";
  return (
    <ChartFrame
      label={`Activity per day from ${span}: ${totals.tasks} tasks completed, ${totals.deployments} deployments deployed, ${totals.runs} quantum analyses`}
      caption={`Per UTC day, ${span}: ${integer(totals.tasks)} tasks completed, ${integer(totals.deployments)} deployments deployed, ${integer(totals.runs)} quantum analyses.`}
      height={260}
      testId="activity-chart"
      spec={{
        kind: "line",
        data: days.map((day) => ({ ...day })),
        x: { key: "date", format: dayLabel, tooltip: (date) => formatDate(`${date}T00:00:00Z`) },
        y: { format: integer, width: 36 },
        series: [
          { key: "tasksCompleted", name: "Tasks completed", tone: "ok" },
          { key: "deploymentsDeployed", name: "Deployments deployed", tone: "accent" },
          { key: "quantumRuns", name: "Quantum analyses", tone: "warn" },
        ],
      }}
      figures={{
        label: "Activity figures",
        caption: "Per UTC day, oldest first",
        columns: ["Day", "Tasks completed", "Deployments deployed", "Quantum analyses"],
        rows: days.map((day) => ({ key: day.date, cells: [day.date, integer(day.tasksCompleted), integer(day.deploymentsDeployed), integer(day.quantumRuns)] })),
      }}
    />
  );
};

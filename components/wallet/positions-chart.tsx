"use client";

// A wallet's positions: the largest ten as bars, the rest summed as "Other", every position in the table.
import type { TFinancialMetrics } from "@/lib/wallet/metrics/schemas";
import { ChartFrame } from "@/components/charts/chart-frame";
import { formatPercent, formatUsd } from "@/lib/format";

const SHOWN = 10;

export const PositionsChart = ({ positions }: { positions: TFinancialMetrics["positions"] }) => {
  const rows = Object.entries(positions).map(([name, position]) => ({ name, ...position }));
  if (rows.length === 0) return <p className="muted">No priced holdings on these chains.</p>;
  const rest = rows.slice(SHOWN);
  const data = [
    ...rows.slice(0, SHOWN).map((row) => ({ name: row.name, value: row.value })),
    ...(rest.length > 0 ? [{ name: `Other (${rest.length})`, value: rest.reduce((sum, row) => sum + row.value, 0) }] : []),
  ];
  return (
    <ChartFrame
      label={`Value of the ${data.length} largest positions in USD`}
      height={40 + data.length * 30}
      testId="positions-chart"
      spec={{
        kind: "hbar",
        data,
        x: { key: "name" },
        y: { format: (value) => formatUsd(value).replace(/\.00$/, "") },
        series: [{ key: "value", name: "Value" }],
      }}
      figures={{
        label: "Positions",
        summary: `Show the figures (all ${rows.length} positions)`,
        columns: ["Position", "Value", "Share"],
        rows: rows.map((row) => ({ key: row.name, cells: [row.name, formatUsd(row.value), formatPercent(row.percentage)] })),
      }}
    />
  );
};

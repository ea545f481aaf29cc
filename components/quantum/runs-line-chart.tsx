"use client";

// The recharts line chart of an entity's past runs (loaded lazily by runs-chart.tsx).
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type RunPoint = { time: number; riskScore: number | null; improvementPercent: number | null };

const formatDay = (time: number) => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(time));

const RunsLineChart = ({ data, height }: { data: RunPoint[]; height: number }) => (
  <ResponsiveContainer width="100%" height={height} minWidth={0} initialDimension={{ width: 600, height }}>
    <LineChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#dfe3ec" />
      <XAxis dataKey="time" type="number" scale="time" domain={["dataMin", "dataMax"]} tickFormatter={formatDay} minTickGap={32} />
      <YAxis tickFormatter={(value: number) => value.toFixed(0)} width={40} />
      <Tooltip labelFormatter={(value) => formatDay(Number(value))} formatter={(value) => Number(value).toFixed(1)} />
      <Legend />
      <Line type="monotone" dataKey="riskScore" name="Risk score (0–100)" stroke="#c92a2a" strokeWidth={2} isAnimationActive={false} />
      <Line type="monotone" dataKey="improvementPercent" name="Predicted improvement (%)" stroke="#2b8a3e" strokeWidth={2} isAnimationActive={false} />
    </LineChart>
  </ResponsiveContainer>
);

export default RunsLineChart;

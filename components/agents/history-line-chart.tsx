"use client";

// The recharts line chart of an agent's history (loaded lazily by history-chart.tsx).
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatInteger, formatMonth } from "./format";

export type HistoryPoint = { time: number; tasksCompleted: number; experiencePoints: number };

const HistoryLineChart = ({ data, height }: { data: HistoryPoint[]; height: number }) => (
  <ResponsiveContainer width="100%" height={height} minWidth={0} initialDimension={{ width: 600, height }}>
    <LineChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#dfe3ec" />
      <XAxis
        dataKey="time"
        type="number"
        scale="time"
        domain={["dataMin", "dataMax"]}
        tickFormatter={(value: number) => formatMonth(value)}
        minTickGap={24}
      />
      <YAxis yAxisId="tasks" tickFormatter={(value: number) => formatInteger(value)} width={56} />
      <YAxis yAxisId="xp" orientation="right" tickFormatter={(value: number) => formatInteger(value)} width={72} />
      <Tooltip
        labelFormatter={(value) => formatMonth(Number(value))}
        formatter={(value) => formatInteger(Number(value))}
      />
      <Legend />
      <Line yAxisId="tasks" type="monotone" dataKey="tasksCompleted" name="Tasks completed" stroke="#3b5bdb" strokeWidth={2} dot={false} isAnimationActive={false} />
      <Line yAxisId="xp" type="monotone" dataKey="experiencePoints" name="Experience points" stroke="#2b8a3e" strokeWidth={2} dot={false} isAnimationActive={false} />
    </LineChart>
  </ResponsiveContainer>
);

export default HistoryLineChart;

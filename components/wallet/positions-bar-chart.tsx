"use client";

// The recharts bar chart of a wallet's largest positions (loaded lazily by positions-chart.tsx).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatPercent, formatUsd } from "./format";

export type PositionBar = { name: string; value: number; percentage: number };

const PositionsBarChart = ({ data, height }: { data: PositionBar[]; height: number }) => (
  <ResponsiveContainer width="100%" height={height} minWidth={0} initialDimension={{ width: 600, height }}>
    <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#dfe3ec" horizontal={false} />
      <XAxis type="number" tickFormatter={(value: number) => formatUsd(value).replace(/\.00$/, "")} />
      <YAxis type="category" dataKey="name" width={170} tick={{ fontSize: 12 }} interval={0} />
      <Tooltip formatter={(value, _name, item) => [`${formatUsd(Number(value))} (${formatPercent((item.payload as PositionBar).percentage)})`, "Value"]} />
      <Bar dataKey="value" name="Value" fill="#3b5bdb" isAnimationActive={false} />
    </BarChart>
  </ResponsiveContainer>
);

export default PositionsBarChart;

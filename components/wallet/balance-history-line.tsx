"use client";

// The recharts line of a wallet's daily value (loaded lazily by balance-history-chart.tsx).
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatUsd } from "./format";

export type HistoryPoint = { date: string; valueUsd: number };

const BalanceHistoryLine = ({ data }: { data: HistoryPoint[] }) => (
  <ResponsiveContainer width="100%" height={220} minWidth={0} initialDimension={{ width: 600, height: 220 }}>
    <LineChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#dfe3ec" />
      <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={24} />
      <YAxis width={90} tickFormatter={(value: number) => formatUsd(value).replace(/\.00$/, "")} />
      <Tooltip formatter={(value) => [formatUsd(Number(value)), "Value"]} />
      <Line type="monotone" dataKey="valueUsd" name="Value" stroke="#3b5bdb" dot={false} isAnimationActive={false} />
    </LineChart>
  </ResponsiveContainer>
);

export default BalanceHistoryLine;

"use client";

// The recharts bar chart of a bitstring distribution (loaded lazily by distribution-chart.tsx).
// The y axis uses the histogram's ticks: four "nice" steps just past 1.1 × the largest bar.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { tickStep } from "@/lib/quantum/histogram/svg";

export type DistributionPoint = { bits: string; probability: number };

const DistributionBarChart = ({ data, height }: { data: DistributionPoint[]; height: number }) => {
  const step = tickStep(Math.max(0, ...data.map((point) => point.probability)));
  const ticks = [0, 1, 2, 3, 4].map((k) => Number((k * step).toPrecision(6)));
  const slanted = data.length > 4;
  return (
    <ResponsiveContainer width="100%" height={height} minWidth={0} initialDimension={{ width: 600, height }}>
      <BarChart data={data} margin={{ top: 16, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="4 4" vertical={false} stroke="#dfe3ec" />
        <XAxis dataKey="bits" interval={data.length > 32 ? "preserveStartEnd" : 0} angle={slanted ? -45 : 0} textAnchor={slanted ? "end" : "middle"} height={slanted ? 56 : 30} fontSize={12} />
        <YAxis domain={[0, ticks[4]]} ticks={ticks} tickFormatter={(value: number) => String(value)} width={48} fontSize={12} />
        <Tooltip formatter={(value) => Number(value).toFixed(3)} labelFormatter={(label) => `Bitstring ${label}`} />
        <Bar dataKey="probability" name="Probability" fill="#648fff" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
};

export default DistributionBarChart;

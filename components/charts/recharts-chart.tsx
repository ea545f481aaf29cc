"use client";

// The one place that draws with recharts (loaded lazily by chart-frame.tsx, in the browser only).
// Axis text, grid and tooltip take the theme's CSS variables, so a chart reads in both themes.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { TONES, type ChartSpec } from "./chart-spec";

const TICK = { fill: "var(--muted)", fontSize: 12 };
const GRID = { stroke: "var(--border)", strokeDasharray: "3 3" };
const TOOLTIP = {
  contentStyle: { background: "var(--panel)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--text)" },
  labelStyle: { color: "var(--text)" },
  itemStyle: { color: "var(--text)" },
  cursor: { fill: "var(--accent-soft)", stroke: "var(--border)" },
};
const LEGEND_STYLE = { color: "var(--text)", fontSize: 13 };

const plain = (value: number | string) => String(value);

const RechartsChart = ({ spec, height }: { spec: ChartSpec; height: number }) => {
  const { x, y = {}, y2, series } = spec;
  const formatX = x.format ?? plain;
  const formatY = y.format ?? plain;
  const formatValue = (value: unknown, name: unknown) => {
    const axis = series.find((entry) => entry.name === name)?.axis === "right" ? y2 : y;
    return (axis?.tooltip ?? axis?.format ?? plain)(Number(value));
  };
  const tooltip = <Tooltip {...TOOLTIP} labelFormatter={(label) => (x.tooltip ?? formatX)(label as number | string)} formatter={(value, name) => formatValue(value, name)} />;
  const legend = series.length > 1 ? <Legend wrapperStyle={LEGEND_STYLE} /> : null;
  const frame = { width: "100%", height, minWidth: 0, initialDimension: { width: 600, height } } as const;

  if (spec.kind === "hbar")
    return (
      <ResponsiveContainer {...frame}>
        <BarChart data={spec.data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid {...GRID} horizontal={false} />
          <XAxis type="number" tick={TICK} tickFormatter={formatY} domain={y.domain} ticks={y.ticks} />
          <YAxis type="category" dataKey={x.key} width={x.width ?? 140} tick={TICK} interval={0} tickFormatter={formatX} />
          {tooltip}
          {legend}
          {series.map((entry) => (
            <Bar key={entry.key} dataKey={entry.key} name={entry.name} fill={TONES[entry.tone ?? "accent"]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    );

  const xAxis = x.time ? (
    <XAxis dataKey={x.key} type="number" scale="time" domain={["dataMin", "dataMax"]} tick={TICK} tickFormatter={formatX} minTickGap={28} />
  ) : spec.kind === "bar" && (spec.data.length > 4 || x.angle !== undefined) ? (
    <XAxis dataKey={x.key} tick={TICK} tickFormatter={formatX} interval={spec.data.length > 32 ? "preserveStartEnd" : 0} angle={x.angle ?? -45} textAnchor="end" height={x.height ?? 56} />
  ) : (
    <XAxis dataKey={x.key} tick={TICK} tickFormatter={formatX} minTickGap={20} />
  );
  const yAxes = (
    <>
      <YAxis yAxisId="left" tick={TICK} tickFormatter={formatY} width={y.width ?? 48} domain={y.domain} ticks={y.ticks} allowDecimals={y.ticks !== undefined} />
      {y2 ? <YAxis yAxisId="right" orientation="right" tick={TICK} tickFormatter={y2.format ?? plain} width={y2.width ?? 56} domain={y2.domain} ticks={y2.ticks} /> : null}
    </>
  );
  const margin = { top: 12, right: 8, bottom: 4, left: 4 };

  if (spec.kind === "bar")
    return (
      <ResponsiveContainer {...frame}>
        <BarChart data={spec.data} margin={margin}>
          <CartesianGrid {...GRID} vertical={false} />
          {xAxis}
          {yAxes}
          {tooltip}
          {legend}
          {series.map((entry) => (
            <Bar key={entry.key} yAxisId={entry.axis ?? "left"} dataKey={entry.key} name={entry.name} fill={TONES[entry.tone ?? "accent"]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    );

  return (
    <ResponsiveContainer {...frame}>
      <LineChart data={spec.data} margin={margin}>
        <CartesianGrid {...GRID} />
        {xAxis}
        {yAxes}
        {tooltip}
        {legend}
        {series.map((entry) => (
          <Line
            key={entry.key}
            yAxisId={entry.axis ?? "left"}
            type="monotone"
            dataKey={entry.key}
            name={entry.name}
            stroke={TONES[entry.tone ?? "accent"]}
            strokeWidth={2}
            dot={spec.dots ?? false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
};

export default RechartsChart;

/** The placeholder a chart shows while its code or data loads: the chart's height, so nothing jumps. */
export const ChartSkeleton = ({ height = 280, label = "Loading chart" }: { height?: number | string; label?: string }) => (
  <div className="skeleton" style={{ height, minHeight: height }} role="status" aria-label={label} />
);

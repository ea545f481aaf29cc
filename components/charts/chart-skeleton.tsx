/** The placeholder a chart shows while its code loads: same height, no layout jump. */
export const ChartSkeleton = ({ height = 280, label = "Loading chart" }: { height?: number; label?: string }) => (
  <div className="skeleton" style={{ height, minHeight: height }} role="status" aria-label={label} />
);

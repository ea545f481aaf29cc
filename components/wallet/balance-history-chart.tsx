"use client";

// The wallet's value over the last 30 days (GET /api/wallets/{address}/balance-history) as a line.
import { useQuery } from "@tanstack/react-query";
import { ChartFrame } from "@/components/charts/chart-frame";
import { ChartSkeleton } from "@/components/charts/chart-skeleton";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { formatUsd } from "@/lib/format";

const HEIGHT = 220;

export const BalanceHistoryChart = ({ address, chains, metricsUrl }: { address: string; chains: string[] | null; metricsUrl: string }) => {
  const history = useQuery({
    queryKey: ["wallet", "balance-history", address, chains ?? "all"],
    queryFn: ({ signal }) =>
      unwrap(
        dashboardApi(metricsUrl).GET("/api/wallets/{address}/balance-history", {
          params: { path: { address }, ...(chains ? { query: { chains: chains.join(",") } } : {}) },
          signal,
        }),
      ),
  });
  const points = history.data?.points ?? [];
  const last = points[points.length - 1];
  return (
    <section aria-label="Balance history" className="card" style={{ marginTop: "1rem" }}>
      <h2 style={{ marginTop: 0 }}>Value over the last 30 days</h2>
      <ProblemAlert error={history.error} />
      {history.data ? (
        <ChartFrame
          label={`Daily value in USD from ${points[0]?.date} to ${last?.date}`}
          caption={`${last ? `Today ${formatUsd(last.valueUsd)}. ` : ""}Holdings walked back through the stored transfers, each day at the prices quoted by its end; NFTs and gas fees are not counted.`}
          height={HEIGHT}
          testId="balance-history-chart"
          spec={{
            kind: "line",
            data: points.map((point) => ({ date: point.date, valueUsd: point.valueUsd })),
            x: { key: "date" },
            y: { format: (value) => formatUsd(value).replace(/\.00$/, ""), width: 90 },
            series: [{ key: "valueUsd", name: "Value" }],
          }}
          figures={{
            label: "Daily value",
            columns: ["Date", "Value"],
            rows: points.map((point) => ({ key: point.date, cells: [point.date, formatUsd(point.valueUsd)] })),
          }}
        />
      ) : history.isPending ? (
        <ChartSkeleton height={HEIGHT} />
      ) : null}
    </section>
  );
};

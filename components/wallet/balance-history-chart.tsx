"use client";

// The wallet's value over the last 30 days (GET /api/wallets/{address}/balance-history) as a line.
import { Suspense, lazy, useSyncExternalStore } from "react";
import { useQuery } from "@tanstack/react-query";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { apiFetch } from "@/lib/client/api";
import type { TBalanceHistory } from "@/lib/wallet/history-schemas";
import { formatUsd } from "./format";

const BalanceHistoryLine = lazy(() => import("./balance-history-line"));

const subscribe = () => () => {};
const useIsBrowser = () => useSyncExternalStore(subscribe, () => true, () => false);
const Skeleton = () => <div className="skeleton" style={{ height: 220, minHeight: 220 }} role="status" aria-label="Loading chart" />;

export const BalanceHistoryChart = ({ address, chains, metricsUrl }: { address: string; chains: string[] | null; metricsUrl: string }) => {
  const isBrowser = useIsBrowser();
  const history = useQuery({
    queryKey: ["wallet", "balance-history", address, chains ?? "all"],
    queryFn: ({ signal }) =>
      apiFetch<TBalanceHistory>(`${metricsUrl}/api/wallets/${address}/balance-history${chains ? `?chains=${encodeURIComponent(chains.join(","))}` : ""}`, { signal }),
  });
  const points = history.data?.points ?? [];
  const last = points[points.length - 1];
  return (
    <section aria-label="Balance history" className="card" style={{ marginTop: "1rem" }}>
      <h2 style={{ marginTop: 0 }}>Value over the last 30 days</h2>
      <ProblemAlert error={history.error} />
      {history.data ? (
        <figure style={{ margin: 0 }}>
          <div role="img" aria-label={`Daily value in USD from ${points[0]?.date} to ${last?.date}`} data-testid="balance-history-chart">
            {isBrowser ? (
              <Suspense fallback={<Skeleton />}>
                <BalanceHistoryLine data={points} />
              </Suspense>
            ) : (
              <Skeleton />
            )}
          </div>
          <figcaption className="muted">
            {last ? `Today ${formatUsd(last.valueUsd)}. ` : ""}Holdings walked back through the stored transfers, each day at the prices quoted by its end; NFTs and gas fees are not counted.
          </figcaption>
        </figure>
      ) : history.isPending ? (
        <Skeleton />
      ) : null}
    </section>
  );
};

"use client";

// Reads GET /api/wallets/{address}/indexing again when the live event stream reports indexing
// progress of the user's own job, and every 10 s while one of the wallet's jobs runs (while the
// stream is down: every 1.5 s); when none is left, the wallet's answers are read again.
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TWalletIndexing } from "@/lib/wallet/indexing/schemas";
import { useLiveQuery } from "@/components/shared/use-event-stream";
import { walletKeys, type MetricsRequest } from "./use-wallet";

const POLL_MS = 1500;
// Indexing events are private to the user whose request started the job (and admins); a job
// someone else started, or the scheduled refresh (which records none), sends this tab nothing, so
// while a job runs it is still read now and then with the stream live.
const LIVE_POLL_MS = 10_000;
// Entity id = the address.
const INDEXING_EVENTS = ["wallet_indexing.started", "wallet_indexing.progressed", "wallet_indexing.finished"];

export const useWalletIndexing = (metricsUrl: string, request: MetricsRequest | null, active: boolean) => {
  const client = useQueryClient();
  const queryKey = [...walletKeys.all, "indexing", request?.address ?? "", request?.chains ?? "all"];
  const live = useLiveQuery(INDEXING_EVENTS, queryKey, { enabled: request !== null && active, debounceMs: 500 });
  const query = useQuery<TWalletIndexing>({
    queryKey,
    enabled: request !== null && active,
    refetchInterval: (current) => (current.state.data && !current.state.data.active ? false : live ? LIVE_POLL_MS : POLL_MS),
    queryFn: ({ signal }) =>
      unwrap(
        dashboardApi(metricsUrl).GET("/api/wallets/{address}/indexing", {
          params: { path: { address: request!.address }, ...(request!.chains ? { query: { chains: request!.chains.join(",") } } : {}) },
          signal,
        }),
      ),
  });
  const finished = active && query.data !== undefined && !query.data.active;
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: walletKeys.all });
  }, [finished, client]);
  return query;
};

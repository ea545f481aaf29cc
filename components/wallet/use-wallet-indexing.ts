"use client";

// Reads GET /api/wallets/{address}/indexing again when the live event stream reports indexing
// progress (while the stream is down: polls it while a background indexing job of the wallet is
// queued or running); when none is left, the wallet's answers are read again (they now cover it).
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TWalletIndexing } from "@/lib/wallet/schemas";
import { useLiveQuery } from "@/components/shared/use-event-stream";
import { walletKeys, type MetricsRequest } from "./use-wallet";

const POLL_MS = 1500;
// Indexing events are private to the wallet's owner (and admins); entity id = the address.
const INDEXING_EVENTS = ["wallet_indexing.started", "wallet_indexing.progressed", "wallet_indexing.finished"];

export const useWalletIndexing = (metricsUrl: string, request: MetricsRequest | null, active: boolean) => {
  const client = useQueryClient();
  const queryKey = [...walletKeys.all, "indexing", request?.address ?? "", request?.chains ?? "all"];
  const live = useLiveQuery(INDEXING_EVENTS, queryKey, { enabled: request !== null && active, debounceMs: 500 });
  const query = useQuery<TWalletIndexing>({
    queryKey,
    enabled: request !== null && active,
    refetchInterval: (current) => (live || (current.state.data && !current.state.data.active) ? false : POLL_MS),
    queryFn: ({ signal }) => {
      const chains = request!.chains ? `?chains=${encodeURIComponent(request!.chains.join(","))}` : "";
      return apiFetch<TWalletIndexing>(`${metricsUrl}/api/wallets/${request!.address}/indexing${chains}`, { signal });
    },
  });
  const finished = active && query.data !== undefined && !query.data.active;
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: walletKeys.all });
  }, [finished, client]);
  return query;
};

"use client";

import { useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { walletKeys, type MetricsRequest } from "./use-wallet";

export const useWalletApprovals = (metricsUrl: string, request: MetricsRequest) =>
  useQuery({
    queryKey: [...walletKeys.all, "approvals", request.address, request.chains ?? "all"],
    queryFn: ({ signal }) =>
      unwrap(
        dashboardApi(metricsUrl).GET("/api/wallets/{address}/approvals", {
          params: { path: { address: request.address }, ...(request.chains ? { query: { chains: request.chains.join(",") } } : {}) },
          signal,
        }),
      ),
  });

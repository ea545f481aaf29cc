"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TWalletApprovals } from "@/lib/wallet/approvals/schemas";
import { walletKeys, type MetricsRequest } from "./use-wallet";

export const useWalletApprovals = (metricsUrl: string, request: MetricsRequest) =>
  useQuery({
    queryKey: [...walletKeys.all, "approvals", request.address, request.chains ?? "all"],
    queryFn: ({ signal }) => {
      const chains = request.chains ? `?chains=${encodeURIComponent(request.chains.join(","))}` : "";
      return apiFetch<TWalletApprovals>(`${metricsUrl}/api/wallets/${request.address}/approvals${chains}`, { signal });
    },
  });

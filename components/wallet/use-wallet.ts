"use client";

// react-query hooks of the wallet page and the linked-wallets section. The metrics come from
// METRICS_URL (same origin unless configured), with the session cookie as the credential.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TUncommonReport, TWalletMetricsResult } from "@/lib/wallet/metrics/schemas";
import type { TWalletLink } from "@/lib/wallet/links/schemas";

export type MetricsRequest = { address: string; chains: string[] | null };

export const walletKeys = {
  all: ["wallet"] as const,
  links: () => [...walletKeys.all, "links"] as const,
  metrics: (request: MetricsRequest) => [...walletKeys.all, "metrics", request.address, request.chains ?? "all"] as const,
  uncommon: (request: MetricsRequest) => [...walletKeys.all, "uncommon", request.address, request.chains ?? "all"] as const,
};

export const useWalletMetrics = (metricsUrl: string, request: MetricsRequest | null) =>
  useQuery({
    queryKey: request ? walletKeys.metrics(request) : [...walletKeys.all, "idle"],
    enabled: request !== null,
    queryFn: ({ signal }) =>
      apiFetch<TWalletMetricsResult>(`${metricsUrl}/api/metrics`, {
        method: "POST",
        body: { wallet_address: request!.address, ...(request!.chains ? { chains: request!.chains } : {}) },
        signal,
      }),
  });

export const useUncommonReasons = (metricsUrl: string, request: MetricsRequest | null) =>
  useQuery({
    queryKey: request ? walletKeys.uncommon(request) : [...walletKeys.all, "idle-uncommon"],
    enabled: request !== null,
    queryFn: ({ signal }) => {
      const query = request!.chains ? `?chains=${encodeURIComponent(request!.chains.join(","))}` : "";
      return apiFetch<TUncommonReport>(`${metricsUrl}/api/wallets/${request!.address}/uncommon${query}`, { signal });
    },
  });

export const useWalletLinks = () => useQuery({ queryKey: walletKeys.links(), queryFn: () => apiFetch<TWalletLink[]>("/api/wallet-links") });

/** DELETE `${base}/${address}` (an unlink, an address-book entry), then every wallet query is read again. */
export const useDeleteByAddress = (base: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => apiFetch(`${base}/${address}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
};

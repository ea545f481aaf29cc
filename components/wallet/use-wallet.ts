"use client";

// react-query hooks of the wallet page and the linked-wallets section. The metrics come from
// METRICS_URL (same origin unless configured), with the session cookie as the credential.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";

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
      unwrap(
        dashboardApi(metricsUrl).POST("/api/metrics", {
          body: { wallet_address: request!.address, ...(request!.chains ? { chains: request!.chains } : {}) },
          signal,
        }),
      ),
  });

export const useUncommonReasons = (metricsUrl: string, request: MetricsRequest | null) =>
  useQuery({
    queryKey: request ? walletKeys.uncommon(request) : [...walletKeys.all, "idle-uncommon"],
    enabled: request !== null,
    queryFn: ({ signal }) =>
      unwrap(
        dashboardApi(metricsUrl).GET("/api/wallets/{address}/uncommon", {
          params: { path: { address: request!.address }, ...(request!.chains ? { query: { chains: request!.chains.join(",") } } : {}) },
          signal,
        }),
      ),
  });

export const useWalletLinks = () => useQuery({ queryKey: walletKeys.links(), queryFn: () => unwrap(dashboardApi().GET("/api/wallet-links")) });

/** DELETE `${base}/${address}` (an unlink, an address-book entry), then every wallet query is read again. */
export const useDeleteByAddress = (base: "/api/wallet-links" | "/api/address-book") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => {
      const init = { params: { path: { address } } };
      return unwrap(base === "/api/wallet-links" ? dashboardApi().DELETE("/api/wallet-links/{address}", init) : dashboardApi().DELETE("/api/address-book/{address}", init));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
};

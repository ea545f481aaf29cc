"use client";

// react-query hook of the wallet page's transactions table: one page of
// GET /api/wallets/{address}/transactions with its total and next cursor (from the headers).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";

export type TransactionsRequest = { address: string; chains: string[] | null; direction: "" | "in" | "out" | "self"; token: string; cursor: string | null };

export const transactionKeys = {
  page: (request: TransactionsRequest) => ["wallet", "transactions", request] as const,
};

/** The page's URL with `extra` (the CSV download link: format=csv, which the typed JSON client does not read). */
export const transactionsPath = (metricsUrl: string, request: TransactionsRequest, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ limit: "25", ...extra });
  if (request.chains) query.set("chains", request.chains.join(","));
  if (request.direction) query.set("direction", request.direction);
  if (request.token.trim()) query.set("token", request.token.trim());
  if (request.cursor) query.set("cursor", request.cursor);
  return `${metricsUrl}/api/wallets/${request.address}/transactions?${query}`;
};

export const useWalletTransactions = (metricsUrl: string, request: TransactionsRequest) =>
  useQuery({
    queryKey: transactionKeys.page(request),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      // The same query as transactionsPath builds (same parameters, same order).
      const token = request.token.trim();
      const call = dashboardApi(metricsUrl).GET("/api/wallets/{address}/transactions", {
        params: {
          path: { address: request.address },
          query: {
            limit: 25,
            ...(request.chains ? { chains: request.chains.join(",") } : {}),
            ...(request.direction ? { direction: request.direction } : {}),
            ...(token ? { token } : {}),
            ...(request.cursor ? { cursor: request.cursor } : {}),
          },
        },
        signal,
      });
      const items = await unwrap(call);
      const { response } = await call;
      const next = response.headers.get("link")?.match(/[?&]cursor=([^&>]+)/)?.[1];
      return {
        items,
        total: Number(response.headers.get("x-total-count") ?? 0),
        nextCursor: next ? decodeURIComponent(next) : null,
      };
    },
  });

"use client";

// react-query hook of the wallet page's transactions table: one page of
// GET /api/wallets/{address}/transactions with its total and next cursor (from the headers).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, type ProblemBody } from "@/lib/client/api";
import type { TWalletTransaction } from "@/lib/wallet/transactions/schemas";

export type TransactionsRequest = { address: string; chains: string[] | null; direction: "" | "in" | "out" | "self"; token: string; cursor: string | null };

export const transactionKeys = {
  page: (request: TransactionsRequest) => ["wallet", "transactions", request] as const,
};

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
      const response = await fetch(transactionsPath(metricsUrl, request), { credentials: "same-origin", signal });
      if (!response.ok) {
        const problem = (await response.json().catch(() => ({ title: response.statusText, status: response.status }))) as ProblemBody;
        throw new ApiError({ ...problem, status: response.status });
      }
      const next = response.headers.get("link")?.match(/[?&]cursor=([^&>]+)/)?.[1];
      return {
        items: (await response.json()) as TWalletTransaction[],
        total: Number(response.headers.get("x-total-count") ?? 0),
        nextCursor: next ? decodeURIComponent(next) : null,
      };
    },
  });

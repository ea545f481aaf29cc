"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { useDebounced } from "@/components/ui/use-debounced";
import { SEARCH_Q_MAX } from "@/lib/search/schemas";

const api = dashboardApi();

export const searchKeys = { query: (q: string) => ["search", q] as const };

/** Records of every kind matching `q` (GET /api/search), asked 200 ms after the last keystroke. */
export const useSearch = (q: string) => {
  const settled = useDebounced(q.trim(), 200);
  const query = useQuery({
    queryKey: searchKeys.query(settled),
    queryFn: ({ signal }) => unwrap(api.GET("/api/search", { params: { query: { q: settled, limit: 5 } }, signal })),
    enabled: settled.length > 0 && settled.length <= SEARCH_Q_MAX,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return { ...query, settled, typing: settled !== q.trim() };
};

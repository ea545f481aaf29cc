"use client";

// react-query hooks for agent writes and the agent search the squad forms use.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TAgent, TAgentBody, TAgentSummary } from "@/lib/agents/schemas";

export const agentKeys = {
  all: ["agents"] as const,
  search: (q: string) => ["agents", "search", q] as const,
  detail: (id: string) => ["agents", "detail", id] as const,
};

export const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

/** Create (POST /api/agents) or replace (PUT /api/agents/{id}) an agent. */
export const useSaveAgent = (mode: "create" | "edit") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAgentBody): Promise<void> => {
      if (mode === "create") await apiFetch<TAgent>("/api/agents", { method: "POST", body });
      else await apiFetch<void>(agentPath(body.id), { method: "PUT", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
};

export const useDeleteAgent = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(agentPath(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
};

/** Agents whose name or id contains `q` (first 8), for pickers. */
export const useAgentSearch = (q: string) =>
  useQuery({
    queryKey: agentKeys.search(q),
    queryFn: ({ signal }) => apiFetch<TAgentSummary[]>(`/api/agents?limit=8&q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length > 0,
    placeholderData: (previous) => previous,
  });

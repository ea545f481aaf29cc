"use client";

// react-query hooks for syndicate writes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TSyndicate, TSyndicateBody } from "@/lib/syndicates/schemas";

export const syndicateKeys = {
  all: ["syndicates"] as const,
  detail: (id: string) => ["syndicates", "detail", id] as const,
};

export const syndicatePath = (id: string) => `/api/syndicates/${encodeURIComponent(id)}`;

/** Create (POST /api/syndicates) or replace (PUT /api/syndicates/{id}) a syndicate. */
export const useSaveSyndicate = (mode: "create" | "edit") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSyndicateBody): Promise<void> => {
      if (mode === "create") await apiFetch<TSyndicate>("/api/syndicates", { method: "POST", body });
      else await apiFetch<void>(syndicatePath(body.id), { method: "PUT", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syndicateKeys.all }),
  });
};

export const useDeleteSyndicate = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(syndicatePath(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syndicateKeys.all }),
  });
};

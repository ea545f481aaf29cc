"use client";

// react-query hooks for squad writes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TSquad, TSquadBody } from "@/lib/squads/schemas";

export const squadKeys = {
  all: ["squads"] as const,
  detail: (id: string) => ["squads", "detail", id] as const,
};

export const squadPath = (id: string) => `/api/squads/${encodeURIComponent(id)}`;

/** Create (POST /api/squads) or replace (PUT /api/squads/{id}) a squad. */
export const useSaveSquad = (mode: "create" | "edit") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSquadBody): Promise<void> => {
      if (mode === "create") await apiFetch<TSquad>("/api/squads", { method: "POST", body });
      else await apiFetch<void>(squadPath(body.id), { method: "PUT", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: squadKeys.all }),
  });
};

export const useDeleteSquad = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(squadPath(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: squadKeys.all }),
  });
};

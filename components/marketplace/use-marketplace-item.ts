"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TMarketplaceItem, TMarketplaceItemBody } from "@/lib/marketplace/schemas";

export const marketplaceKeys = {
  all: ["marketplace"] as const,
  detail: (id: string) => ["marketplace", "item", id] as const,
};

const itemPath = (id: string) => `/api/marketplace/item/${encodeURIComponent(id)}`;

/** Create (POST addItem) or replace (PUT item/{id}) an item. */
export const useSaveItem = (mode: "create" | "edit") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TMarketplaceItemBody): Promise<void> => {
      if (mode === "create") await apiFetch<TMarketplaceItem>("/api/marketplace/addItem", { method: "POST", body });
      else await apiFetch<void>(itemPath(body.id), { method: "PUT", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
};

export const useDeleteItem = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(itemPath(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  });
};

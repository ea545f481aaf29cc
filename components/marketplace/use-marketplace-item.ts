"use client";

import type { TMarketplaceItemBody } from "@/lib/marketplace/schemas";
import { useDeleteResource, useSaveResource, type Resource } from "@/components/shared/use-resource";

export const marketplaceKeys = {
  all: ["marketplace"] as const,
};

const itemPath = (id: string) => `/api/marketplace/item/${encodeURIComponent(id)}`;

export const itemResource: Resource = { key: marketplaceKeys.all, createPath: "/api/marketplace/addItem", itemPath };

/** Create (POST /api/marketplace/addItem) or replace (PUT) an item. */
export const useSaveItem = (mode: "create" | "edit") => useSaveResource<TMarketplaceItemBody>(itemResource, mode);

export const useDeleteItem = (id: string) => useDeleteResource(itemResource, id);

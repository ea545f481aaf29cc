"use client";

// react-query hooks for syndicate writes.
import type { TSyndicateBody } from "@/lib/syndicates/schemas";
import { useDeleteResource, useSaveResource, type Resource } from "@/components/shared/use-resource";

export const syndicateKeys = {
  all: ["syndicates"] as const,
};

export const syndicatePath = (id: string) => `/api/syndicates/${encodeURIComponent(id)}`;

export const syndicateResource: Resource = { key: syndicateKeys.all, createPath: "/api/syndicates", itemPath: syndicatePath };

/** Create (POST /api/syndicates) or replace (PUT) a syndicate. */
export const useSaveSyndicate = (mode: "create" | "edit") => useSaveResource<TSyndicateBody>(syndicateResource, mode);

export const useDeleteSyndicate = (id: string) => useDeleteResource(syndicateResource, id);

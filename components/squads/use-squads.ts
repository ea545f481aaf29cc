"use client";

// react-query hooks for squad writes.
import type { TSquadBody } from "@/lib/squads/schemas";
import { useDeleteResource, useSaveResource, type Resource } from "@/components/shared/use-resource";

export const squadKeys = {
  all: ["squads"] as const,
};

export const squadPath = (id: string) => `/api/squads/${encodeURIComponent(id)}`;

export const squadResource: Resource = { key: squadKeys.all, createPath: "/api/squads", itemPath: squadPath };

/** Create (POST /api/squads) or replace (PUT) a squad. */
export const useSaveSquad = (mode: "create" | "edit") => useSaveResource<TSquadBody>(squadResource, mode);

export const useDeleteSquad = (id: string) => useDeleteResource(squadResource, id);

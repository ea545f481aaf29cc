"use client";

// react-query hooks for agent writes.
import type { TAgentBody } from "@/lib/agents/schemas";
import { useDeleteResource, useSaveResource, type Resource } from "@/components/shared/use-resource";

export const agentKeys = {
  all: ["agents"] as const,
};

export const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

export const agentResource: Resource = { key: agentKeys.all, createPath: "/api/agents", itemPath: agentPath };

/** Create (POST /api/agents) or replace (PUT) an agent. */
export const useSaveAgent = (mode: "create" | "edit") => useSaveResource<TAgentBody>(agentResource, mode);

export const useDeleteAgent = (id: string) => useDeleteResource(agentResource, id);

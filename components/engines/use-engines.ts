"use client";

// Reads and writes of engines for Settings → Engines (react-query over the API).
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TCreateEngineBody, TEngine, TEngineTest, TUpdateEngineBody } from "@/lib/engines/schemas";
import { useWrite } from "@/components/shared/use-resource";

const path = (id: string) => `/api/engines/${encodeURIComponent(id)}`;

export const engineKeys = {
  all: ["engines"] as const,
  list: () => [...engineKeys.all, "list"] as const,
};

export const useEngines = () => useQuery({ queryKey: engineKeys.list(), queryFn: () => apiFetch<TEngine[]>("/api/engines") });

export const useCreateEngine = () =>
  useWrite(engineKeys.all, (body: TCreateEngineBody) => apiFetch<TEngine>("/api/engines", { method: "POST", body }), (engine) => `Engine “${engine.name}” added`);

export const useUpdateEngine = () =>
  useWrite(
    engineKeys.all,
    ({ id, body }: { id: string; body: TUpdateEngineBody }) => apiFetch<TEngine>(path(id), { method: "PATCH", body }),
    (engine) => `Engine “${engine.name}” saved`,
  );

export const useDeleteEngine = () =>
  useWrite(engineKeys.all, (engine: TEngine) => apiFetch<void>(path(engine.id), { method: "DELETE" }), (_, engine) => `Engine “${engine.name}” deleted`);

/** The test's outcome is shown beside the engine (and kept as its last test), so no toast. */
export const useTestEngine = () => useWrite(engineKeys.all, (engine: TEngine) => apiFetch<TEngineTest>(`${path(engine.id)}/test`, { method: "POST" }));

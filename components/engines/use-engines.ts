"use client";

// Reads and writes of engines for Settings → Engines (react-query over the API).
import { useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TCreateEngineBody, TEngine, TUpdateEngineBody } from "@/lib/engines/schemas";
import { useWrite } from "@/components/shared/use-resource";

const api = dashboardApi();
const byId = (engineId: string) => ({ params: { path: { engineId } } });

export const engineKeys = {
  all: ["engines"] as const,
  list: () => [...engineKeys.all, "list"] as const,
};

export const useEngines = () => useQuery({ queryKey: engineKeys.list(), queryFn: () => unwrap(api.GET("/api/engines")) });

export const useCreateEngine = () =>
  useWrite(engineKeys.all, (body: TCreateEngineBody) => unwrap(api.POST("/api/engines", { body })), (engine) => `Engine “${engine.name}” added`);

export const useUpdateEngine = () =>
  useWrite(
    engineKeys.all,
    ({ id, body }: { id: string; body: TUpdateEngineBody }) => unwrap(api.PATCH("/api/engines/{engineId}", { ...byId(id), body })),
    (engine) => `Engine “${engine.name}” saved`,
  );

export const useDeleteEngine = () =>
  useWrite(engineKeys.all, (engine: TEngine) => unwrap(api.DELETE("/api/engines/{engineId}", byId(engine.id))), (_, engine) => `Engine “${engine.name}” deleted`);

/** The test's outcome is shown beside the engine (and kept as its last test), so no toast. */
export const useTestEngine = () => useWrite(engineKeys.all, (engine: TEngine) => unwrap(api.POST("/api/engines/{engineId}/test", byId(engine.id))));

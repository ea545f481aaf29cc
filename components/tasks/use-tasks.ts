"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useWrite } from "@/components/shared/use-resource";
import { apiFetch } from "@/lib/client/api";
import type { TAssignTaskBody, TEntityMatch, TEntityType, TTask, TTaskResultBody } from "@/lib/tasks/schemas";
import type { TaskStatusValue } from "@/lib/tasks/status-machine";

export const taskKeys = {
  all: ["tasks"] as const,
  entities: (type: TEntityType, q: string) => ["entities", type, q] as const,
};

/** Entities of one type whose name or id contains `q` (the assign form's search). */
export const useEntitySearch = (type: TEntityType, q: string) =>
  useQuery({
    queryKey: taskKeys.entities(type, q),
    queryFn: ({ signal }) =>
      apiFetch<TEntityMatch[]>(`/api/entities/search?${new URLSearchParams({ type, q, limit: "20" })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useAssignTask = () =>
  useWrite(taskKeys.all, (body: TAssignTaskBody) => apiFetch<TTask>("/api/tasks/assign", { method: "POST", body }), "Task assigned");

const moveTask = (id: string, status: TaskStatusValue) =>
  apiFetch<TTask>(`/api/tasks/${encodeURIComponent(id)}/status`, { method: "PATCH", body: { status } });

export const useMoveTask = (id: string) => useWrite(taskKeys.all, (status: TaskStatusValue) => moveTask(id, status));

/** Moves whichever task it is given (the board's drag and drop). */
export const useMoveAnyTask = () => useWrite(taskKeys.all, ({ id, status }: { id: string; status: TaskStatusValue }) => moveTask(id, status));

/** Completes or fails a task, with its result when one is written. */
export const useFinishTask = (id: string) =>
  useWrite(
    taskKeys.all,
    ({ status, result }: { status: "completed" | "failed"; result?: TTaskResultBody }) =>
      apiFetch<TTask>(`/api/tasks/${encodeURIComponent(id)}/status`, { method: "PATCH", body: { status, ...(result ? { result } : {}) } }),
    (task) => `Task ${task.status === "completed" ? "completed" : "marked failed"}`,
  );

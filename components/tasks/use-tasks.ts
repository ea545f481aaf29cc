"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useWrite } from "@/components/shared/use-resource";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TAssignTaskBody, TEntityType, TTaskResultBody } from "@/lib/tasks/schemas";
import type { TaskStatusValue } from "@/lib/tasks/status-machine";

const api = dashboardApi();

export const taskKeys = {
  all: ["tasks"] as const,
  entities: (type: TEntityType, q: string) => ["entities", type, q] as const,
};

/** Entities of one type whose name or id contains `q` (the assign form's search). */
export const useEntitySearch = (type: TEntityType, q: string) =>
  useQuery({
    queryKey: taskKeys.entities(type, q),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/api/entities/search", { params: { query: { type, q, limit: 20 } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useAssignTask = () =>
  useWrite(taskKeys.all, (body: TAssignTaskBody) => unwrap(api.POST("/api/tasks/assign", { body })), "Task assigned");

const moveTask = (id: string, status: TaskStatusValue) =>
  unwrap(api.PATCH("/api/tasks/{taskId}/status", { params: { path: { taskId: id } }, body: { status } }));

export const useMoveTask = (id: string) => useWrite(taskKeys.all, (status: TaskStatusValue) => moveTask(id, status));

/** Moves whichever task it is given (the board's drag and drop). */
export const useMoveAnyTask = () => useWrite(taskKeys.all, ({ id, status }: { id: string; status: TaskStatusValue }) => moveTask(id, status));

/** Completes or fails a task, with its result when one is written. */
export const useFinishTask = (id: string) =>
  useWrite(
    taskKeys.all,
    ({ status, result }: { status: "completed" | "failed"; result?: TTaskResultBody }) =>
      unwrap(api.PATCH("/api/tasks/{taskId}/status", { params: { path: { taskId: id } }, body: { status, ...(result ? { result } : {}) } })),
    (task) => `Task ${task.status === "completed" ? "completed" : "marked failed"}`,
  );

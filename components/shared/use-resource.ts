"use client";

// The one set of react-query write hooks: every create, replace, delete and move goes through `useWrite`,
// which refreshes the resource's cached queries after a success.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

/** Where a resource is written: its cache key, the path that creates one, and the path of one by id. */
export type Resource = { key: readonly unknown[]; createPath: string; itemPath: (id: string) => string };

/** A mutation whose success invalidates every cached query under `key`. */
export const useWrite = <Variables, Result>(key: readonly unknown[], write: (variables: Variables) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

/** Create (POST `createPath`) or replace (PUT `itemPath(body.id)`) a record. */
export const useSaveResource = <Body extends { id: string }>(resource: Resource, mode: "create" | "edit") =>
  useWrite(resource.key, async (body: Body): Promise<void> => {
    if (mode === "create") await apiFetch<unknown>(resource.createPath, { method: "POST", body });
    else await apiFetch<void>(resource.itemPath(body.id), { method: "PUT", body });
  });

/** Delete (DELETE `itemPath(id)`) a record. */
export const useDeleteResource = (resource: Resource, id: string) =>
  useWrite<void, void>(resource.key, () => apiFetch<void>(resource.itemPath(id), { method: "DELETE" }));

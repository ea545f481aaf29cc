"use client";

// The one set of react-query write hooks. Every create, replace, delete, deploy, assign and move goes
// through `useWrite`: it refuses at once when the browser is offline (react-query would otherwise hold
// the mutation and replay it silently on reconnect), refreshes the resource's cached queries after a
// success and says so in a toast.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiFetch } from "@/lib/client/api";
import { RESOURCES, type ResourceKind } from "./resources";

export const OFFLINE_MESSAGE = "You are offline — nothing was saved.";
export const UNREACHABLE_MESSAGE = "The server could not be reached — nothing was saved. Try again.";

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** Runs `write` only when online; a network failure becomes a sentence a person can act on. */
const guarded = async <Result>(write: () => Promise<Result>): Promise<Result> => {
  if (isOffline()) throw new Error(OFFLINE_MESSAGE);
  try {
    return await write();
  } catch (error) {
    // fetch rejects with a TypeError when no answer came at all.
    if (error instanceof TypeError) throw new Error(isOffline() ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE);
    throw error;
  }
};

/** A mutation whose success invalidates every cached query under `key` and shows `success` as a toast. */
export const useWrite = <Variables, Result>(
  key: readonly unknown[],
  write: (variables: Variables) => Promise<Result>,
  success?: string | ((result: Result, variables: Variables) => string),
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => guarded(() => write(variables)),
    networkMode: "always",
    retry: false,
    onSuccess: (result, variables) => {
      if (success) toast.success(typeof success === "string" ? success : success(result, variables));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
};

// The two hooks below stay on apiFetch, not the typed client (lib/client/dashboard.ts): their paths come
// from RESOURCES at run time and their body is generic over the record kind, while openapi-fetch types a
// call by its literal path; a typed version would need one branch per kind and method.

/** Create (POST `createPath`) or replace (PUT `itemPath(body.id)`) a record. */
export const useSaveResource = <Body extends { id: string }>(kind: ResourceKind, mode: "create" | "edit") => {
  const resource = RESOURCES[kind];
  return useWrite(
    resource.key,
    async (body: Body): Promise<void> => {
      if (mode === "create") await apiFetch<unknown>(resource.createPath, { method: "POST", body });
      else await apiFetch<void>(resource.itemPath(body.id), { method: "PUT", body });
    },
    mode === "create" ? `${resource.noun} created` : `${resource.noun} saved`,
  );
};

/** DELETE one record of `kind`, offline and unreachable said as for every write (the list's bulk delete: components/list/selection.tsx). */
export const deleteRecord = (kind: ResourceKind, id: string) => guarded(() => apiFetch<void>(RESOURCES[kind].itemPath(id), { method: "DELETE" }));

/** Delete (DELETE `itemPath(id)`) a record. */
export const useDeleteResource = (kind: ResourceKind, id: string, name: string) => {
  const resource = RESOURCES[kind];
  return useWrite<void, void>(resource.key, () => apiFetch<void>(resource.itemPath(id), { method: "DELETE" }), `${resource.noun} “${name}” deleted`);
};

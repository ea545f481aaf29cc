"use client";

// Delete a record with confirmation (agent, squad, syndicate, marketplace item, deployment), then go to its list
// with a toast. Server pages name the kind; the paths and words come from `RESOURCES`.
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { RESOURCES, type ResourceKind } from "./resources";
import { useDeleteResource } from "./use-resource";

/** A query key whose data is true once this page deleted record `id`; live queries of the record check it. */
export const deletedKey = (id: string) => ["deleted", id] as const;

export const DeleteRecordButton = ({ kind, id, name }: { kind: ResourceKind; id: string; name: string }) => {
  const router = useRouter();
  const queryClient = useQueryClient();
  const resource = RESOURCES[kind];
  const remove = useDeleteResource(kind, id, name);
  return (
    <ConfirmButton
      label={`Delete ${resource.noun.toLowerCase()}`}
      question={resource.deleteQuestion(name)}
      onConfirm={async () => {
        await remove.mutateAsync();
        // The page being left must not read the record again (a 404): mark it deleted, which turns its
        // live queries off (see deletedKey), and stop any read already under way.
        queryClient.setQueryData(deletedKey(id), true);
        await queryClient.cancelQueries({ predicate: (query) => query.queryKey.includes(id) && query.queryKey[0] !== "deleted" });
        router.push(resource.listPage);
        router.refresh();
      }}
    />
  );
};

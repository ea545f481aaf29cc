"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useDeleteSyndicate } from "./use-syndicates";

/** Delete with confirmation; a 409 (open tasks assigned) is shown in the API's words. */
export const DeleteSyndicateButton = ({ id, name }: { id: string; name: string }) => {
  const router = useRouter();
  const remove = useDeleteSyndicate(id);
  return (
    <div>
      <ConfirmButton
        label="Delete syndicate"
        question={`Delete syndicate “${name}”? Its squads stay.`}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            return; // shown below
          }
          router.push("/syndicates");
          router.refresh();
        }}
      />
      {remove.error ? (
        <div style={{ marginTop: "0.75rem" }}>
          <ProblemAlert error={remove.error} />
        </div>
      ) : null}
    </div>
  );
};

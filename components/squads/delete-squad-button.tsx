"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useDeleteSquad } from "./use-squads";

/** Delete with confirmation; a 409 (open tasks assigned) is shown in the API's words. */
export const DeleteSquadButton = ({ id, name }: { id: string; name: string }) => {
  const router = useRouter();
  const remove = useDeleteSquad(id);
  return (
    <div>
      <ConfirmButton
        label="Delete squad"
        question={`Delete squad “${name}”? Its agents stay; it leaves every syndicate it is in.`}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            return; // shown below
          }
          router.push("/squads");
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

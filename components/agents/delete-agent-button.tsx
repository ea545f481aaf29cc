"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useDeleteAgent } from "./use-agents";

/** Delete with confirmation; a 409 (open tasks assigned) is shown in the API's words. */
export const DeleteAgentButton = ({ id, name }: { id: string; name: string }) => {
  const router = useRouter();
  const remove = useDeleteAgent(id);
  return (
    <div>
      <ConfirmButton
        label="Delete agent"
        question={`Delete agent “${name}”? It also leaves every squad it is in. This cannot be undone.`}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            return; // shown below
          }
          router.push("/agents");
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

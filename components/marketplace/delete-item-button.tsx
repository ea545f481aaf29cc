"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useDeleteItem } from "./use-marketplace-item";
import { useHydrated } from "./use-hydrated";

/** Delete with confirmation; a 409 (open tasks assigned) is shown in the API's words. */
export const DeleteItemButton = ({ id, name }: { id: string; name: string }) => {
  const router = useRouter();
  const remove = useDeleteItem(id);
  const hydrated = useHydrated();
  return (
    <div>
      <ConfirmButton
        label="Delete item"
        disabled={!hydrated}
        question={`Delete “${name}” from the marketplace? This cannot be undone.`}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            return; // shown below
          }
          router.push("/marketplace");
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

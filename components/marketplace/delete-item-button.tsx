"use client";

import { DeleteButton } from "@/components/ui/delete-button";
import { useDeleteItem } from "./use-marketplace-item";
import { useHydrated } from "@/components/ui/use-hydrated";

export const DeleteItemButton = ({ id, name }: { id: string; name: string }) => (
  <DeleteButton
    label="Delete item"
    question={`Delete “${name}” from the marketplace? This cannot be undone.`}
    mutation={useDeleteItem(id)}
    listPath="/marketplace"
    disabled={!useHydrated()}
  />
);

"use client";

import { DeleteButton } from "@/components/ui/delete-button";
import { useDeleteSquad } from "./use-squads";

export const DeleteSquadButton = ({ id, name }: { id: string; name: string }) => (
  <DeleteButton
    label="Delete squad"
    question={`Delete squad “${name}”? Its agents stay; it leaves every syndicate it is in.`}
    mutation={useDeleteSquad(id)}
    listPath="/squads"
  />
);

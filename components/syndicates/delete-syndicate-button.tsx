"use client";

import { DeleteButton } from "@/components/ui/delete-button";
import { useDeleteSyndicate } from "./use-syndicates";

export const DeleteSyndicateButton = ({ id, name }: { id: string; name: string }) => (
  <DeleteButton
    label="Delete syndicate"
    question={`Delete syndicate “${name}”? Its squads stay.`}
    mutation={useDeleteSyndicate(id)}
    listPath="/syndicates"
  />
);

"use client";

import { DeleteButton } from "@/components/ui/delete-button";
import { useDeleteAgent } from "./use-agents";

export const DeleteAgentButton = ({ id, name }: { id: string; name: string }) => (
  <DeleteButton
    label="Delete agent"
    question={`Delete agent “${name}”? It also leaves every squad it is in. This cannot be undone.`}
    mutation={useDeleteAgent(id)}
    listPath="/agents"
  />
);

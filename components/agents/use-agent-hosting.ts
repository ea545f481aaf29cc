"use client";

// An agent's hosting for the agent page (react-query over the API): its engine, tools and approval
// policy; operators change the policy.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TAgentHosting, TApprovalPolicy } from "@/lib/engines/schemas";
import { useWrite } from "@/components/shared/use-resource";

export const hostingKeys = {
  all: ["agent-hosting"] as const,
  detail: (agentId: string) => [...hostingKeys.all, agentId] as const,
};

const path = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}`;

export const useAgentHosting = (agentId: string) =>
  useQuery({ queryKey: hostingKeys.detail(agentId), queryFn: () => apiFetch<TAgentHosting>(`${path(agentId)}/hosting`) });

export const useSetApprovalPolicy = (agentId: string) => {
  const queryClient = useQueryClient();
  return useWrite(
    hostingKeys.detail(agentId),
    async (approvalPolicy: TApprovalPolicy) => {
      const hosting = await apiFetch<TAgentHosting>(`${path(agentId)}/approval-policy`, { method: "PUT", body: { approvalPolicy } });
      // The answer is the hosting as it now is: shown at once, before the refresh comes back.
      queryClient.setQueryData(hostingKeys.detail(agentId), hosting);
      return hosting;
    },
    "Approval policy saved",
  );
};

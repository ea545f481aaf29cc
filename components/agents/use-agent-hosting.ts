"use client";

// An agent's hosting for the agent page (react-query over the API): its engine, tools and approval
// policy; operators change the policy.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TApprovalPolicy } from "@/lib/engines/schemas";
import { useWrite } from "@/components/shared/use-resource";

export const hostingKeys = {
  all: ["agent-hosting"] as const,
  detail: (agentId: string) => [...hostingKeys.all, agentId] as const,
};

const api = dashboardApi();
const byAgent = (agentId: string) => ({ params: { path: { agentId } } });

export const useAgentHosting = (agentId: string) =>
  useQuery({ queryKey: hostingKeys.detail(agentId), queryFn: () => unwrap(api.GET("/api/agents/{agentId}/hosting", byAgent(agentId))) });

export const useSetApprovalPolicy = (agentId: string) => {
  const queryClient = useQueryClient();
  return useWrite(
    hostingKeys.detail(agentId),
    async (approvalPolicy: TApprovalPolicy) => {
      const hosting = await unwrap(api.PUT("/api/agents/{agentId}/approval-policy", { ...byAgent(agentId), body: { approvalPolicy } }));
      // The answer is the hosting as it now is: shown at once, before the refresh comes back.
      queryClient.setQueryData(hostingKeys.detail(agentId), hosting);
      return hosting;
    },
    "Approval policy saved",
  );
};

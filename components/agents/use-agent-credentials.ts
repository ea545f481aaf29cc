"use client";

// An agent's credentials for the agent page (react-query over the API): list, issue, revoke.
import { useQuery } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TAgentCredential } from "@/lib/auth/schemas";
import { useWrite } from "@/components/shared/use-resource";

export const credentialKeys = {
  all: ["agent-credentials"] as const,
  list: (agentId: string) => [...credentialKeys.all, agentId] as const,
};

const api = dashboardApi();
const byAgent = (agentId: string) => ({ params: { path: { agentId } } });

/** The agent's credentials, newest first, revoked ones included; starts from what the server page read. */
export const useAgentCredentials = (agentId: string, initial: TAgentCredential[]) =>
  useQuery({ queryKey: credentialKeys.list(agentId), queryFn: () => unwrap(api.GET("/api/agents/{agentId}/credentials", byAgent(agentId))), initialData: initial });

export const useIssueCredential = (agentId: string) =>
  useWrite(credentialKeys.list(agentId), (body: { name: string }) => unwrap(api.POST("/api/agents/{agentId}/credentials", { ...byAgent(agentId), body })), "Credential issued");

export const useRevokeCredential = (agentId: string) =>
  useWrite(
    credentialKeys.list(agentId),
    (credential: TAgentCredential) => unwrap(api.DELETE("/api/agents/{agentId}/credentials/{credentialId}", { params: { path: { agentId, credentialId: credential.id } } })),
    (_, credential) => `Credential “${credential.name}” revoked`,
  );

"use client";

// An agent's credentials for the agent page (react-query over the API): list, issue, revoke.
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TAgentCredential, TCreatedAgentCredential } from "@/lib/auth/schemas";
import { useWrite } from "@/components/shared/use-resource";

export const credentialKeys = {
  all: ["agent-credentials"] as const,
  list: (agentId: string) => [...credentialKeys.all, agentId] as const,
};

const path = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/credentials`;

/** The agent's credentials, newest first, revoked ones included; starts from what the server page read. */
export const useAgentCredentials = (agentId: string, initial: TAgentCredential[]) =>
  useQuery({ queryKey: credentialKeys.list(agentId), queryFn: () => apiFetch<TAgentCredential[]>(path(agentId)), initialData: initial });

export const useIssueCredential = (agentId: string) =>
  useWrite(credentialKeys.list(agentId), (body: { name: string }) => apiFetch<TCreatedAgentCredential>(path(agentId), { method: "POST", body }), "Credential issued");

export const useRevokeCredential = (agentId: string) =>
  useWrite(
    credentialKeys.list(agentId),
    (credential: TAgentCredential) => apiFetch<void>(`${path(agentId)}/${encodeURIComponent(credential.id)}`, { method: "DELETE" }),
    (_, credential) => `Credential “${credential.name}” revoked`,
  );

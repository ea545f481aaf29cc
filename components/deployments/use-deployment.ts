"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { useWrite } from "@/components/shared/use-resource";
import type { TDeployBody, TDeployment, TDeploymentWithHistory } from "@/lib/deployments/schemas";
import { isFinalDeploymentStatus, type DeploymentStatusValue } from "@/lib/deployments/status-machine";

export const deploymentKeys = {
  all: ["deployments"] as const,
  status: (id: string) => ["deployments", "status", id] as const,
};

const statusPath = (id: string) => `/api/deployments/dapp/${encodeURIComponent(id)}/status`;

export const POLL_MS = 2000;

/** The live status: polled every 2 s until the deployment reaches a final status. */
export const useDeploymentStatus = (initial: TDeploymentWithHistory) =>
  useQuery({
    queryKey: deploymentKeys.status(initial.id),
    queryFn: ({ signal }) => apiFetch<TDeploymentWithHistory>(statusPath(initial.id), { signal }),
    initialData: initial,
    refetchInterval: (query) => (query.state.data && isFinalDeploymentStatus(query.state.data.deploymentStatus) ? false : POLL_MS),
    refetchIntervalInBackground: false,
  });

export const useMoveDeployment = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: DeploymentStatusValue) => apiFetch<TDeployment>(statusPath(id), { method: "PATCH", body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.status(id) }),
  });
};

export const useDeploy = () => useWrite(deploymentKeys.all, (body: TDeployBody) => apiFetch<TDeployment>("/api/deployments/dapp/deploy", { method: "POST", body }));

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { useWrite } from "@/components/shared/use-resource";
import { useLiveQuery } from "@/components/shared/use-event-stream";
import { deletedKey } from "@/components/shared/delete-record-button";
import type { TDeployBody, TDeploymentWithHistory } from "@/lib/deployments/schemas";
import { isFinalDeploymentStatus, type DeploymentStatusValue } from "@/lib/deployments/status-machine";

export const deploymentKeys = {
  all: ["deployments"] as const,
  status: (id: string) => ["deployments", "status", id] as const,
};

const api = dashboardApi();
const byId = (deploymentId: string) => ({ params: { path: { deploymentId } } });

/** Polling while the live event stream is down (signed out, refused, offline): the status every 2 s. */
export const POLL_MS = 2000;

/**
 * The events that change what a deployment's page shows. Not deployment.deleted: reading a deleted
 * deployment's status is a 404 (the page that deleted it is already on its way to the list).
 */
export const DEPLOYMENT_EVENTS = ["deployment.status_changed", "deployment.updated"] as const;

/**
 * The live status: read again when the event stream says the deployment changed; while the stream
 * is down, polled every 2 s until the deployment reaches a final status. `live`: the stream is up.
 */
export const useDeploymentStatus = (initial: TDeploymentWithHistory) => {
  const live = useLiveQuery(DEPLOYMENT_EVENTS, deploymentKeys.status(initial.id), { entityId: initial.id });
  // Set by the delete button once this page deleted the deployment: no more reads of it (they would be 404s).
  const { data: deleted } = useQuery({ queryKey: deletedKey(initial.id), queryFn: () => false, initialData: false, staleTime: Infinity });
  const query = useQuery({
    queryKey: deploymentKeys.status(initial.id),
    enabled: !deleted,
    queryFn: ({ signal }) => unwrap(api.GET("/api/deployments/dapp/{deploymentId}/status", { ...byId(initial.id), signal })),
    initialData: initial,
    refetchInterval: (query) => (live || (query.state.data && isFinalDeploymentStatus(query.state.data.deploymentStatus)) ? false : POLL_MS),
    refetchIntervalInBackground: false,
  });
  return { ...query, live };
};

export const useMoveDeployment = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: DeploymentStatusValue) => unwrap(api.PATCH("/api/deployments/dapp/{deploymentId}/status", { ...byId(id), body: { status } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deploymentKeys.status(id) }),
  });
};

export const useDeploy = () =>
  useWrite(deploymentKeys.all, (body: TDeployBody) => unwrap(api.POST("/api/deployments/dapp/deploy", { body })), "Deployment started");

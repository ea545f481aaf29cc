// The dApp deployment state machine: queued→in_progress→deployed|failed, deployed→rolled_back;
// every other move is refused. Client-safe, so pages and tests use it as is.
import { defineStatusMachine } from "../core/status-machine";

export const DEPLOYMENT_STATUSES = ["queued", "in_progress", "deployed", "failed", "rolled_back"] as const;
export type DeploymentStatusValue = (typeof DEPLOYMENT_STATUSES)[number];

export const DEPLOYMENT_MACHINE = defineStatusMachine<DeploymentStatusValue>("Deployment", DEPLOYMENT_STATUSES, {
  queued: ["in_progress"],
  in_progress: ["deployed", "failed"],
  deployed: ["rolled_back"],
  failed: [],
  rolled_back: [],
});

export const { allowed: allowedDeploymentMoves, canMove: canMoveDeployment, isFinal: isFinalDeploymentStatus } = DEPLOYMENT_MACHINE;

/**
 * The lifecycle rules on top of the moves (docs/marketplace-deployments-tasks.md, "Deployment
 * lifecycle"). Edit: in any status but in_progress (a running pipeline's deployment is not changed
 * under it). Delete: only in a final status (failed, rolled_back): a deployed one is live on
 * chain and is rolled back first.
 */
export const DEPLOYMENT_EDITABLE_STATUSES: readonly DeploymentStatusValue[] = DEPLOYMENT_STATUSES.filter((status) => status !== "in_progress");
export const DEPLOYMENT_DELETABLE_STATUSES: readonly DeploymentStatusValue[] = DEPLOYMENT_STATUSES.filter(DEPLOYMENT_MACHINE.isFinal);
export const canEditDeployment = (status: DeploymentStatusValue) => DEPLOYMENT_EDITABLE_STATUSES.includes(status);
export const canDeleteDeployment = (status: DeploymentStatusValue) => DEPLOYMENT_DELETABLE_STATUSES.includes(status);

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

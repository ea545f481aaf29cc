// The dApp deployment state machine as a pure table: queued→in_progress→deployed|failed,
// deployed→rolled_back; every other move is refused. No imports, so pages and tests use it as is.
export const DEPLOYMENT_STATUSES = ["queued", "in_progress", "deployed", "failed", "rolled_back"] as const;
export type DeploymentStatusValue = (typeof DEPLOYMENT_STATUSES)[number];

export const DEPLOYMENT_TRANSITIONS: Readonly<Record<DeploymentStatusValue, readonly DeploymentStatusValue[]>> = {
  queued: ["in_progress"],
  in_progress: ["deployed", "failed"],
  deployed: ["rolled_back"],
  failed: [],
  rolled_back: [],
};

/** The statuses a deployment in `from` may move to next. */
export const allowedDeploymentMoves = (from: DeploymentStatusValue): readonly DeploymentStatusValue[] => DEPLOYMENT_TRANSITIONS[from];

export const canMoveDeployment = (from: DeploymentStatusValue, to: DeploymentStatusValue) => DEPLOYMENT_TRANSITIONS[from].includes(to);

export const isFinalDeploymentStatus = (status: DeploymentStatusValue) => DEPLOYMENT_TRANSITIONS[status].length === 0;

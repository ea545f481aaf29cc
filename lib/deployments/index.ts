// dApp deployments: starting them, reading their live status and moving them through their states.
export * from "./schemas";
export * from "./operations";
export * from "./status-machine";
export { deployDapp } from "./deploy-dapp";
export { getDeploymentStatus, findDeploymentStatus } from "./get-deployment-status";
export { listDeployments } from "./list-deployments";
export { moveDeploymentStatus } from "./move-deployment-status";
export { updateDeployment, deleteDeployment } from "./edit-deployment";
export { sweepStaleDeployments, staleDeploymentsSweepJob, STALE_SWEEP_KIND, type StaleSweepOptions, type StaleSweepResult } from "./stale-sweep";
export { deploymentsConfig, resetDeploymentsConfig, readDeploymentsEnv, staleAfterMs } from "./config";
export { staleness, staleFrom, staleCutoff, type StaleClock } from "./rules";

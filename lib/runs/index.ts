// The runs area's public surface (docs/agents-at-work.md): agents at work — claims, runs and their
// traces, approvals, lost runs and measured metrics.
export * from "./schemas";
export * from "./operations";
export * from "./status-machine";
export { claimTask, claimHostedTask } from "./claim-task";
export { wakeClaims, endClaimWaits, resetClaimWaits } from "./watch-claimable";
export { recordHeartbeat } from "./record-heartbeat";
export { appendSteps } from "./append-steps";
export { requestApproval } from "./request-approval";
export { decideApproval } from "./decide-approval";
export { getApproval } from "./get-approval";
export { finishRun, type RunEnding } from "./finish-run";
export { cancelRun } from "./cancel-run";
export { releaseRun } from "./release-run";
export { listRuns } from "./list-runs";
export { getRun } from "./get-run";
export { listApprovals } from "./list-approvals";
export { measureAgents } from "./measure-agents";
export { lostRunSweepJob, sweepLostRuns, LOST_RUN_SWEEP_KIND } from "./lost-run-sweep";
export { agentMetricsSweepJob, sweepAgentMetrics, AGENT_METRICS_SWEEP_KIND } from "./agent-metrics-sweep";
export { runsConfig, resetRunsConfig, CLAIM_WAIT_MAX_SECONDS } from "./config";

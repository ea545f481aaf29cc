// Stored quantum runs: keeping a run, and listing the runs a caller may see.
export * from "./schemas";
export * from "./operations";
export { QUANTUM_RUN_EVENTS } from "./events";
export { recordRun, type RunRecord } from "./record-run";
export { listRuns } from "./list-runs";
export type { RunViewer } from "./rules";

// The quantum area's public surface: its sub-areas (analyses, circuits, runs, jobs, optimize), the
// sandbox's status and the area's settings. docs/conventions.md, "The area template".
export * from "./schemas";
export * from "./analyses";
export * from "./circuits";
export * from "./runs";
export * from "./jobs";
export * from "./optimize";
export { simulationPoolStatus, closeSimulationPool, type SimulationPoolStatus } from "./pool";
export { quantumConfig, resetQuantumConfig } from "./config";
export { forgetIbmTokens } from "./ibm";

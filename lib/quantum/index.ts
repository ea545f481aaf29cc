// The quantum area's public surface.
export * from "./schemas";
export * from "./operations";
export { analyzeAgent, analyzeSquad, analyzeSyndicate, entityCircuitDiagram, entityCircuitQasm } from "./analyze-entities";
export { diagramCircuit, svgResponse } from "./diagram-circuit";
export { analyzeWalletFinance } from "./analyze-wallet-finance";
export { runCircuit, parseCircuit } from "./run-circuit";
export { listRuns, recordRun, type RunViewer } from "./runs";
export { simulationPoolStatus, closeSimulationPool, type SimulationPoolStatus } from "./pool";
export { findEntityName, listQuantumCandidates } from "./load-entities";
export { quantumConfig, resetQuantumConfig } from "./config";
export { forgetIbmTokens } from "./ibm";
export { optimizeSquad } from "./optimize/optimize-squad";

/** An OpenQASM program as the answer of `?format=qasm`. */
export const qasmResponse = (qasm: string) => new Response(qasm, { headers: { "content-type": "text/plain; charset=utf-8" } });
export { quantumCircuitJob, submitQuantumJob, getQuantumJob, getQuantumJobResult, cancelQuantumJob, listQuantumJobs, QUANTUM_JOB_KIND } from "./jobs";

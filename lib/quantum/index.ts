// The quantum area's public surface.
export * from "./schemas";
export * from "./operations";
export { analyzeAgent, analyzeSquad, analyzeSyndicate, entityCircuitDiagram, entityCircuitQasm } from "./analyses/analyze-entities";
export { diagramCircuit, svgResponse } from "./circuits/diagram-circuit";
export { analyzeWalletFinance } from "./analyses/analyze-wallet-finance";
export { runCircuit, parseCircuit } from "./circuits/run-circuit";
export { listRuns, recordRun, type RunViewer } from "./runs/record-run";
export { simulationPoolStatus, closeSimulationPool, type SimulationPoolStatus } from "./pool";
export { findEntityName, listQuantumCandidates } from "./analyses/load-entities";
export { quantumConfig, resetQuantumConfig } from "./config";
export { optimizeSquad } from "./optimize/optimize-squad";

/** An OpenQASM program as the answer of `?format=qasm`. */
export const qasmResponse = (qasm: string) => new Response(qasm, { headers: { "content-type": "text/plain; charset=utf-8" } });
export { quantumCircuitJob, submitQuantumJob, getQuantumJob, getQuantumJobResult, cancelQuantumJob, listQuantumJobs, QUANTUM_JOB_KIND } from "./jobs/circuit-job";

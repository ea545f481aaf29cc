// Quantum jobs: circuits queued to run on the simulator or a hosted backend, by the job engine.
export * from "./schemas";
export * from "./operations";
export { QUANTUM_JOB_EVENTS } from "./events";
export { QUANTUM_JOB_KIND, type JobViewer } from "./shape";
export { quantumCircuitJob } from "./circuit-job";
export { submitQuantumJob } from "./submit-quantum-job";
export { getQuantumJob, getQuantumJobResult } from "./get-quantum-job";
export { cancelQuantumJob } from "./cancel-quantum-job";
export { listQuantumJobs } from "./list-quantum-jobs";

// Submitted circuits: an OpenQASM program read, run or drawn in the sandbox.
export * from "./schemas";
export * from "./operations";
export { runCircuit, parseCircuit } from "./run-circuit";
export { diagramCircuit } from "./diagram-circuit";
export { svgResponse, qasmResponse } from "./shape";

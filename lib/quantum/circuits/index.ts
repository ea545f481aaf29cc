// Submitted circuits: an OpenQASM program read, run or drawn in the sandbox.
export * from "./schemas";
export * from "./operations";
export { runCircuit, parseCircuit } from "./run-circuit";
export { diagramCircuit, svgResponse } from "./diagram-circuit";

/** An OpenQASM program as the answer of `?format=qasm`. */
export const qasmResponse = (qasm: string) => new Response(qasm, { headers: { "content-type": "text/plain; charset=utf-8" } });

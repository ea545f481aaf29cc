// API operations of submitted circuits: run and diagram (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import type { TCircuitDiagramBody, TCircuitDiagramResult, TRunCircuitBody, TRunCircuitResult } from "./schemas";
import { ZCircuitDiagramBody, ZCircuitDiagramQuery, ZCircuitDiagramResult, ZRunCircuitBody, ZRunCircuitResult } from "./schemas";
import { EXAMPLE_BELL_QASM, EXAMPLE_BELL_RESULT } from "../examples";

// The document's examples: a Bell state in OpenQASM 3, run with 1024 shots and seed 42, and drawn (the
// histogram is a stand-in PNG and the SVG is cut short; real ones are a few kilobytes).
const BELL_QASM = EXAMPLE_BELL_QASM;
const RUN_BODY_EXAMPLE: TRunCircuitBody = { qasm: BELL_QASM, shots: 1024, seed: 42 };
const RUN_EXAMPLE: TRunCircuitResult = EXAMPLE_BELL_RESULT;
const DIAGRAM_BODY_EXAMPLE: TCircuitDiagramBody = { qasm: BELL_QASM, title: "Bell state" };
const DIAGRAM_EXAMPLE: TCircuitDiagramResult = {
  qubits: 2,
  clbits: 2,
  operations: 4,
  drawn: 4,
  truncated: false,
  rows: 1,
  width: 262,
  height: 174,
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="262" height="174" viewBox="0 0 262 174" role="img"><title>Bell state. Circuit diagram: 2 qubits, 2 classical bits, 4 operations</title><rect width="262" height="174" fill="#ffffff"/><text x="12" y="20" font-size="14" font-weight="600">Bell state</text></svg>',
};

export const runCircuitOperation = defineOperation({
  method: "POST",
  path: "/quantum/run",
  operationId: "runQuantumCircuit",
  summary: "Run an OpenQASM 2.0 or 3 circuit on the simulator (mid-circuit measurement, reset and if included): counts, probabilities and a histogram",
  description:
    "Reads the program under the reading limits (a program that does not parse is refused, naming its line and column) and simulates it; dynamic circuits run by shot branching, and a program without any `measure` has every qubit measured at the end. `counts` and `probabilities` hold the `top` most frequent outcomes (default 1024; classical bit 0 is the rightmost character), `distinctOutcomes` and `otherProbability` say what was left out, and `exact` and `statevector` add the exact distribution and the final amplitudes (the latter for circuits of at most 10 qubits without mid-circuit measurement). The run is stored, visible only to the caller and admins in `GET /quantum/runs`; for a circuit that may run long, submit it as a job with `POST /quantum/jobs` instead.",
  example: { body: RUN_BODY_EXAMPLE, response: RUN_EXAMPLE },
  tags: ["Quantum"],
  access: "credential",
  agentRoles: "any",
  body: ZRunCircuitBody,
  responses: { 200: { description: "The counts of the shots", schema: ZRunCircuitResult } },
  errors: { 503: "Too little free memory to simulate right now" },
});

export const circuitDiagramOperation = defineOperation({
  method: "POST",
  path: "/quantum/diagram",
  operationId: "drawQuantumCircuit",
  summary: "Draw an OpenQASM 2.0 or 3 circuit as an SVG diagram, without running it (the same program POST /quantum/run takes, read under the same limits; a credential is needed, as for every submitted program)",
  description:
    "Lays the program out as an SVG: independent gates share a column, a circuit wider than 1200 px folds into rows, and at most 500 operations are drawn (`truncated` says when the rest were only counted). A program that does not parse is refused, naming its line and column. Nothing is simulated or stored, and the same program and title always give the same SVG.",
  example: { body: DIAGRAM_BODY_EXAMPLE, response: DIAGRAM_EXAMPLE },
  tags: ["Quantum"],
  access: "credential",
  agentRoles: "any",
  query: ZCircuitDiagramQuery,
  body: ZCircuitDiagramBody,
  responses: {
    200: {
      description: "The diagram (with ?format=svg the SVG itself, image/svg+xml). Long circuits fold into rows; past 500 operations the rest are counted, not drawn",
      schema: ZCircuitDiagramResult,
      alternatives: { "image/svg+xml": "With ?format=svg: the diagram itself" },
    },
  },
  errors: { 503: "Too many programs are waiting to be read, or this one could not be read in time; retry shortly" },
});

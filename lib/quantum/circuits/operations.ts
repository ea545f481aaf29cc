// API operations of submitted circuits: run and diagram (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZCircuitDiagramBody, ZCircuitDiagramQuery, ZCircuitDiagramResult, ZRunCircuitBody, ZRunCircuitResult } from "./schemas";

export const runCircuitOperation = defineOperation({
  method: "POST",
  path: "/quantum/run",
  operationId: "runQuantumCircuit",
  summary: "Run an OpenQASM 2.0 or 3 circuit on the simulator (mid-circuit measurement, reset and if included): counts, probabilities and a histogram",
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

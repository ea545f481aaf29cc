// API operations of the quantum area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
  ZAgentAnalysisQuery,
  ZCircuitDiagramBody,
  ZCircuitDiagramQuery,
  ZCircuitDiagramResult,
  ZAgentQuantumResult,
  ZOptimizeSquadBody,
  ZOptimizeSquadParams,
  ZQuantumJob,
  ZQuantumJobBody,
  ZQuantumJobParams,
  ZQuantumJobResult,
  ZQuantumJobsQuery,
  ZQuantumRun,
  ZRunCircuitBody,
  ZRunCircuitResult,
  ZRunsQuery,
  ZSquadAnalysisQuery,
  ZSquadOptimization,
  ZSquadQuantumResult,
  ZSyndicateAnalysisQuery,
  ZSyndicateQuantumResult,
  ZWalletFinanceBody,
  ZWalletFinanceResult,
} from "./schemas";

const QASM_NOTE =
  " With ?format=qasm the answer is the circuit as OpenQASM 3 (text/plain), with ?format=svg its diagram (image/svg+xml); neither is run nor stored.";

export const analyzeAgentOperation = defineOperation({
  method: "GET",
  path: "/quantum/agent",
  operationId: "analyzeAgentQuantum",
  summary: "Quantum analysis of an agent: predicted improvement, risk score, role adjustment, bitstring distribution",
  tags: ["Quantum"],
  access: "read",
  query: ZAgentAnalysisQuery,
  responses: { 200: { description: `The agent's analysis (runs made with a credential are kept; see /quantum/runs).${QASM_NOTE}`, schema: ZAgentQuantumResult } },
  errors: { 404: "No agent with that id", 503: "Too little free memory to simulate right now" },
});

export const analyzeSquadOperation = defineOperation({
  method: "GET",
  path: "/quantum/squad",
  operationId: "analyzeSquadQuantum",
  summary: "Quantum analysis of a squad: predicted improvement, role distribution, risk level, aggregated distribution",
  tags: ["Quantum"],
  access: "read",
  query: ZSquadAnalysisQuery,
  responses: { 200: { description: `The squad's analysis.${QASM_NOTE}`, schema: ZSquadQuantumResult } },
  errors: { 404: "No squad with that id", 503: "Too little free memory to simulate right now" },
});

export const analyzeSyndicateOperation = defineOperation({
  method: "GET",
  path: "/quantum/syndicate",
  operationId: "analyzeSyndicateQuantum",
  summary: "Quantum analysis of a syndicate: predicted improvement, risk analysis, aggregated distribution",
  tags: ["Quantum"],
  access: "read",
  query: ZSyndicateAnalysisQuery,
  responses: { 200: { description: `The syndicate's analysis.${QASM_NOTE}`, schema: ZSyndicateQuantumResult } },
  errors: { 404: "No syndicate with that id", 503: "Too little free memory to simulate right now" },
});

export const walletFinanceOperation = defineOperation({
  method: "POST",
  path: "/qmetrics/finance",
  operationId: "analyzeWalletFinanceQuantum",
  summary: "Quantum finance analysis of a wallet: each bitstring mapped to a financial behaviour, with a histogram",
  tags: ["Quantum"],
  access: "credential",
  body: ZWalletFinanceBody,
  responses: { 200: { description: "The wallet's quantum finance result", schema: ZWalletFinanceResult } },
  errors: { 503: "quantumBackend ibm_quantum is not configured, or IBM Quantum failed or timed out (detail says why)" },
});

export const runCircuitOperation = defineOperation({
  method: "POST",
  path: "/quantum/run",
  operationId: "runQuantumCircuit",
  summary: "Run an OpenQASM 2.0 or 3 circuit on the simulator (mid-circuit measurement, reset and if included): counts, probabilities and a histogram",
  tags: ["Quantum"],
  access: "credential",
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
  query: ZCircuitDiagramQuery,
  body: ZCircuitDiagramBody,
  responses: {
    200: {
      description: "The diagram (with ?format=svg the SVG itself, image/svg+xml). Long circuits fold into rows; past 500 operations the rest are counted, not drawn",
      schema: ZCircuitDiagramResult,
    },
  },
  errors: { 503: "Too many programs are waiting to be read, or this one could not be read in time; retry shortly" },
});

export const listRunsOperation = defineOperation({
  method: "GET",
  path: "/quantum/runs",
  operationId: "listQuantumRuns",
  summary: "Past quantum runs the caller may see, newest first (paged; filter by entity). Wallet and circuit runs only to the user who ran them and to admins",
  tags: ["Quantum"],
  access: "read",
  query: ZRunsQuery,
  paged: true,
  responses: { 200: { description: "One page of runs", schema: z.array(ZQuantumRun) } },
});

export const submitQuantumJobOperation = defineOperation({
  method: "POST",
  path: "/quantum/jobs",
  operationId: "submitQuantumJob",
  summary: "Submit a circuit as a job (the simulator or the hosted backend): answered at once, 202 with Location; poll the job, then read its result",
  tags: ["Quantum"],
  access: "credential",
  body: ZQuantumJobBody,
  responses: { 202: { description: "The job, QUEUED; Location names it", schema: ZQuantumJob } },
  errors: {
    429: "Too many of your jobs are queued or running (QUANTUM_JOBS_ACTIVE_MAX); Retry-After says when to try again",
    503: "backend ibm_quantum is not configured on this server",
  },
});

export const listQuantumJobsOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs",
  operationId: "listQuantumJobs",
  summary: "Your quantum jobs, newest first (paged; filter by status)",
  tags: ["Quantum"],
  access: "credential",
  query: ZQuantumJobsQuery,
  paged: true,
  responses: { 200: { description: "One page of jobs", schema: z.array(ZQuantumJob) } },
});

export const getQuantumJobOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs/{jobId}",
  operationId: "getQuantumJob",
  summary: "A quantum job's status (QUEUED, RUNNING, DONE, ERROR, CANCELLED); its owner's and admins' only",
  tags: ["Quantum"],
  access: "credential",
  params: ZQuantumJobParams,
  responses: { 200: { description: "The job", schema: ZQuantumJob } },
  errors: { 403: "The job belongs to another user", 404: "No quantum job with that id" },
});

export const getQuantumJobResultOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs/{jobId}/result",
  operationId: "getQuantumJobResult",
  summary: "A DONE job's result: counts, probabilities and a histogram, as POST /quantum/run answers",
  tags: ["Quantum"],
  access: "credential",
  params: ZQuantumJobParams,
  responses: { 200: { description: "The result", schema: ZQuantumJobResult } },
  errors: {
    403: "The job belongs to another user",
    404: "No quantum job with that id",
    409: "The job has no result: QUEUED or RUNNING (Retry-After says when to look again), ERROR or CANCELLED",
  },
});

export const cancelQuantumJobOperation = defineOperation({
  method: "POST",
  path: "/quantum/jobs/{jobId}/cancel",
  operationId: "cancelQuantumJob",
  summary: "Cancel a QUEUED or RUNNING job: a queued job ends at once, a running simulation or hosted job is stopped",
  tags: ["Quantum"],
  access: "credential",
  params: ZQuantumJobParams,
  responses: { 200: { description: "The job after the request: CANCELLED, or RUNNING with cancelRequested until its worker stops it", schema: ZQuantumJob } },
  errors: { 403: "The job belongs to another user", 404: "No quantum job with that id", 409: "The job has already finished" },
});

export const optimizeSquadOperation = defineOperation({
  method: "POST",
  path: "/quantum/squad/{squadId}/optimize",
  operationId: "optimizeSquadQuantum",
  summary: "Squad composition optimizer: the best few memberships from a pool of candidate agents, under size, role and keep constraints, by the squad model's risk",
  tags: ["Quantum"],
  access: "read",
  params: ZOptimizeSquadParams,
  body: ZOptimizeSquadBody,
  responses: {
    200: {
      description: "The current squad's risk and up to maxProposals memberships with a strictly lower risk, lowest first (empty, with a message, when none was found). Deterministic: the same squad, pool, body and seed give the same answer. Nothing is written; apply a proposal with PUT /api/squads/{squadId}",
      schema: ZSquadOptimization,
    },
  },
  errors: {
    404: "No squad with that id",
    422: "The constraints cannot be met (each named in errors): an unknown candidate, a kept agent that is not a member, a required role nobody holds, size.min above size.max or above the agents that can be searched",
    503: "Too many simulations are waiting; retry shortly",
  },
});

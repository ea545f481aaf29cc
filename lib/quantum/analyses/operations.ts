// API operations of the entity analyses and the wallet's finance analysis (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZAgentAnalysisQuery, ZAgentQuantumResult, ZSquadAnalysisQuery, ZSquadQuantumResult, ZSyndicateAnalysisQuery, ZSyndicateQuantumResult, ZWalletFinanceBody, ZWalletFinanceResult } from "./schemas";

const QASM_NOTE =
  " With ?format=qasm the answer is the circuit as OpenQASM 3 (text/plain), with ?format=svg its diagram (image/svg+xml); neither is run nor stored.";
// The answers ?format= asks for, beside the JSON one (the document lists each content type).
const CIRCUIT_FORMATS = {
  "text/plain": "With ?format=qasm: the analysis's circuit as an OpenQASM 3 program",
  "image/svg+xml": "With ?format=svg: the analysis's circuit drawn as an SVG diagram",
};

export const analyzeAgentOperation = defineOperation({
  method: "GET",
  path: "/quantum/agent",
  operationId: "analyzeAgentQuantum",
  summary: "Quantum analysis of an agent: predicted improvement, risk score, role adjustment, bitstring distribution",
  tags: ["Quantum"],
  access: "read",
  query: ZAgentAnalysisQuery,
  responses: { 200: { description: `The agent's analysis (runs made with a credential are kept; see /quantum/runs).${QASM_NOTE}`, schema: ZAgentQuantumResult, alternatives: CIRCUIT_FORMATS } },
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
  responses: { 200: { description: `The squad's analysis.${QASM_NOTE}`, schema: ZSquadQuantumResult, alternatives: CIRCUIT_FORMATS } },
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
  responses: { 200: { description: `The syndicate's analysis.${QASM_NOTE}`, schema: ZSyndicateQuantumResult, alternatives: CIRCUIT_FORMATS } },
  errors: { 404: "No syndicate with that id", 503: "Too little free memory to simulate right now" },
});

export const walletFinanceOperation = defineOperation({
  method: "POST",
  path: "/qmetrics/finance",
  operationId: "analyzeWalletFinanceQuantum",
  summary: "Quantum finance analysis of a wallet: each bitstring mapped to a financial behaviour, with a histogram",
  tags: ["Quantum"],
  access: "credential",
  agentRoles: "any",
  body: ZWalletFinanceBody,
  responses: { 200: { description: "The wallet's quantum finance result", schema: ZWalletFinanceResult } },
  errors: { 503: "quantumBackend ibm_quantum is not configured, or IBM Quantum failed or timed out (detail says why)" },
});

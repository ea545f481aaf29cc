// API operations of the entity analyses and the wallet's finance analysis (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { EXAMPLE_COVERAGE, EXAMPLE_WALLET } from "../../wallet/examples";
import type { TAgentQuantumResult, TSquadQuantumResult, TSyndicateQuantumResult, TWalletFinanceBody, TWalletFinanceResult } from "./schemas";
import { ZAgentAnalysisQuery, ZAgentQuantumResult, ZSquadAnalysisQuery, ZSquadQuantumResult, ZSyndicateAnalysisQuery, ZSyndicateQuantumResult, ZWalletFinanceBody, ZWalletFinanceResult } from "./schemas";
import { EXAMPLE_HISTOGRAM_PNG } from "../examples";
import { WALLET_BEHAVIORS } from "./rules";

// The document's examples: one agent, its squad and their syndicate analysed with 1024 shots and seed 42,
// and one wallet's finance analysis (the histogram is a stand-in PNG; a real one is a few kilobytes).
const HISTOGRAM_PNG = EXAMPLE_HISTOGRAM_PNG;
const RUN_FIELDS = { seed: 42, shots: 1024, backend: "aer", histogram: HISTOGRAM_PNG };
const MEASURED = { status: "sufficient" as const, share: 1, missing: [], detail: "100 % of the model's weight rests on measured data." };
const AGENT_ANALYSIS_EXAMPLE: TAgentQuantumResult = {
  agentId: "yield-scout-7",
  predictedImprovement: "18.7%",
  quantumRiskScore: "31.9/100",
  optimalRoleAdjustment: "Deepen the Scout role (2 of 5 slots) to strengthen growth: simulated health 0.681 → 0.808",
  simulationDuration: "6.3 ms",
  detailedMetrics: {
    bitstringProbabilities: { "000": 0.025390625, "001": 0.107421875, "010": 0.0322265625, "011": 0.830078125, "110": 0.0009765625, "111": 0.00390625 },
    analysis:
      "Yield Scout 7 (yield-scout-7): q0 reliability (uptime and error rate) score 0.84, P(healthy) 0.940; q1 delivery (completion rate and response time) score 0.78, P(healthy) 0.865; q2 growth (experience points) score 0.06, P(healthy) 0.007. Most frequent outcome 011 at 0.830 over 1024 shots (qubit 0 rightmost; 1 = healthy). Expected health 0.681, risk 31.9/100 (Moderate); weakest dimension growth. Lifting growth half way to its ceiling raises health by 18.7%.",
  },
  assessment: "scored",
  coverage: { ...MEASURED, measured: ["reliability", "delivery", "growth"] },
  ...RUN_FIELDS,
};
const SQUAD_ANALYSIS_EXAMPLE: TSquadQuantumResult = {
  squadId: "treasury-squad",
  predictedSquadImprovement: "10.9%",
  optimalRoleDistribution: ["Defender: 1", "Builder: 1", "Healer: 1"],
  quantumRiskLevel: "Moderate",
  simulationDuration: "3.7 ms",
  detailedMetrics: {
    aggregatedBitstringProbabilities: { "000": 0.0478515625, "001": 0.1025390625, "010": 0.0341796875, "011": 0.3056640625, "100": 0.03515625, "101": 0.06640625, "110": 0.0478515625, "111": 0.3603515625 },
    analysis:
      "Treasury Squad (treasury-squad), 2 agent(s): q0 reliability (mean uptime and error rate) score 0.73, P(healthy) 0.833; q1 delivery (overall completion rate and mean response time) score 0.70, P(healthy) 0.756; q2 cohesion (core role coverage and mean experience) score 0.53, P(healthy) 0.493. Most frequent outcome 111 at 0.360 over 1024 shots (qubit 0 rightmost; 1 = healthy). Expected health 0.721, risk 27.9/100 (Moderate); 100 % of the model's weight rests on measured data. Recommended roles for 3 slots, in proportion to each dimension's unmet health: Defender: 1, Builder: 1, Healer: 1. Lifting cohesion half way to its ceiling raises health by 10.9%.",
  },
  assessment: "scored",
  coverage: { ...MEASURED, measured: ["reliability", "delivery", "cohesion"] },
  ...RUN_FIELDS,
};
const SYNDICATE_ANALYSIS_EXAMPLE: TSyndicateQuantumResult = {
  syndicateId: "defi-yield-syndicate",
  predictedSyndicateImprovement: "6.4%",
  quantumRiskAnalysis:
    "Low risk (17.9/100): coordination is the weakest dimension (P(healthy) 0.785), reliability the strongest (0.868); 2 squad(s), 3 agent(s). 100 % of the model's weight rests on measured data.",
  simulationDuration: "0.360 ms",
  detailedMetrics: {
    aggregatedSyndicateProbabilities: { "000": 0.0263671875, "001": 0.0556640625, "010": 0.009765625, "011": 0.107421875, "100": 0.0302734375, "101": 0.0986328125, "110": 0.0732421875, "111": 0.5986328125 },
    analysis:
      "DeFi Yield Syndicate (defi-yield-syndicate): q0 reliability (uptime and error rate of all agents) score 0.76, P(healthy) 0.868; q1 delivery (completion rate and response time of all agents) score 0.74, P(healthy) 0.804; q2 coordination (core role coverage and the weakest squad) score 0.73, P(healthy) 0.785. Most frequent outcome 111 at 0.599 over 1024 shots (qubit 0 rightmost; 1 = healthy). Expected health 0.821. Strengthening delivery (Builder focus) half way to its ceiling raises health by 6.4%.",
  },
  assessment: "scored",
  coverage: { ...MEASURED, measured: ["reliability", "delivery", "coordination"] },
  ...RUN_FIELDS,
};
const WALLET = EXAMPLE_WALLET;
// What the wallet metrics engine covers for it: eth-mainnet read from an explorer, base-mainnet imported.
const WALLET_COVERAGE = EXAMPLE_COVERAGE;
const WALLET_FINANCE_BODY: TWalletFinanceBody = { walletAddress: WALLET, chains: ["eth-mainnet", "base-mainnet"], quantumBackend: "aer", shots: 1024, seed: 42 };
const WALLET_PROBABILITIES = { "000": 0.0224609375, "001": 0.0029296875, "010": 0.0927734375, "011": 0.3671875, "100": 0.0126953125, "101": 0.001953125, "110": 0.1015625, "111": 0.3984375 };
// The model's own behaviour of each bitstring, as the answer maps them.
const WALLET_BEHAVIOURS = WALLET_BEHAVIORS;
const WALLET_FINANCE_EXAMPLE: TWalletFinanceResult = {
  wallet_address: WALLET,
  quantum_backend: "aer",
  total_balance_usd: 10510,
  quantum_results: {
    probabilities: WALLET_PROBABILITIES,
    mapped_results: Object.fromEntries(Object.entries(WALLET_PROBABILITIES).map(([bits, probability]) => [bits, { probability, behavior: WALLET_BEHAVIOURS[bits as keyof typeof WALLET_PROBABILITIES] }])),
    histogram: HISTOGRAM_PNG,
    analysis:
      "Wallet 0x8ba1f109551bd432803012645ac136ddd64dba72: activity score 0.70 from 236 transactions, counterparty hygiene 0.96 (2 uncommon of 56 counterparties), capital 0.51 from $10510.00. Dominant behaviour 111 (0.398 of 1024 shots): Well-funded, active wallet with known counterparties: healthy, diversified activity. Financial risk 20.6/100 (Moderate); the weakest factor is capital.",
  },
  coverage: WALLET_COVERAGE,
  assessment: "scored",
  seed: 42,
  shots: 1024,
};

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
  description:
    "Scores the agent's stored metrics as three dimensions (reliability from uptime and error rate, delivery from completion rate and response time, growth from experience points), runs them as a 3-qubit circuit and samples it `shots` times (default 1024). Risk and `predictedImprovement` come from the exact distribution, the bitstring probabilities from the sample, so the same metrics, shots and `seed` give the same answer (but for `simulationDuration`); an agent that reports no performance metrics gets `assessment: \"insufficient-data\"` and no risk. Runs made with a credential are stored (`GET /quantum/runs`) and announced as `quantum_run.completed`; `?format=qasm` or `?format=svg` answer the circuit instead of running it.",
  example: { query: { agentId: "yield-scout-7", shots: "1024", seed: "42" }, response: AGENT_ANALYSIS_EXAMPLE },
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
  description:
    "Aggregates the squad's members into the same 3-qubit model: reliability and delivery over the members that report metrics, cohesion from core role coverage (Scout, Builder, Defender, Healer) and mean experience. `optimalRoleDistribution` splits max(3, members) role slots in proportion to each dimension's unmet health; when less than half of the model's weight rests on measured data (an empty squad, or fewer than a third of the members reporting metrics) the answer has `assessment: \"insufficient-data\"` and no risk level. Runs made with a credential are stored (`GET /quantum/runs`); `?format=qasm` or `?format=svg` answer the circuit instead. To look for a membership with a lower risk, call `POST /quantum/squad/{squadId}/optimize`.",
  example: { query: { squadId: "treasury-squad", shots: "1024", seed: "42" }, response: SQUAD_ANALYSIS_EXAMPLE },
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
  description:
    "Models every agent of the syndicate's squads, each counted once: reliability and delivery over all of them, coordination from core role coverage and the weakest squad's reliability and delivery. `quantumRiskAnalysis` gives the risk level and score with the weakest and strongest dimensions; when less than half of the model's weight rests on measured data (no agents, or fewer than about 29 % of them reporting metrics) the answer has `assessment: \"insufficient-data\"` and no risk. Runs made with a credential are stored (`GET /quantum/runs`); `?format=qasm` or `?format=svg` answer the circuit instead.",
  example: { query: { syndicateId: "defi-yield-syndicate", shots: "1024", seed: "42" }, response: SYNDICATE_ANALYSIS_EXAMPLE },
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
  description:
    "Takes the wallet's balance, transaction count and counterparty classes from the wallet metrics engine (the figures `POST /api/metrics` gives for the same `chains` and `tokenMap`), runs them as activity, counterparty hygiene and capital qubits, and names a financial behaviour for every sampled bitstring. With `quantumBackend: \"ibm_quantum\"` the circuit runs on IBM Quantum and the probabilities are its counts ÷ shots (no `seed` is answered); risk always comes from the model's exact distribution. A wallet with nothing stored gets `assessment: \"insufficient-data\"` and no verdict, and, where a data source is configured, background indexing starts (see `coverage`). The run is stored, visible only to the caller and admins in `GET /quantum/runs`.",
  example: { body: WALLET_FINANCE_BODY, response: WALLET_FINANCE_EXAMPLE },
  tags: ["Quantum"],
  access: "credential",
  agentRoles: "any",
  body: ZWalletFinanceBody,
  responses: { 200: { description: "The wallet's quantum finance result", schema: ZWalletFinanceResult } },
  errors: { 503: "quantumBackend ibm_quantum is not configured, or IBM Quantum failed or timed out (detail says why)" },
});

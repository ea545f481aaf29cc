// Schemas of the entity analyses (GET /quantum/agent|squad|syndicate) and the wallet's finance
// analysis (POST /qmetrics/finance). Client-safe.
import { z } from "zod";
import { ZCoverage, ZTokenMap } from "../../wallet/schemas";
import { QUANTUM_BACKENDS, RUN_ADDITIONS, ZBodySeed, ZBodyShots, ZId, ZProbabilities, ZQuerySeed, ZQueryShots } from "../schemas";

export const ANALYSIS_ENTITY_TYPES = ["agent", "squad", "syndicate"] as const;
export type TAnalysisEntityType = (typeof ANALYSIS_ENTITY_TYPES)[number];

const ZFormat = z
  .enum(["json", "qasm", "svg"])
  .default("json")
  .describe("json (default): run and answer the analysis; qasm: answer the circuit as OpenQASM 3 (text/plain); svg: answer the circuit diagram (image/svg+xml); neither qasm nor svg runs it");


export const ZAgentAnalysisQuery = z.object({ agentId: ZId("agentId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export const ZSquadAnalysisQuery = z.object({ squadId: ZId("squadId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export const ZSyndicateAnalysisQuery = z.object({ syndicateId: ZId("syndicateId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export type TAnalysisOptions = { shots?: number; seed?: number };

export const ZAssessment = z
  .enum(["scored", "insufficient-data"])
  .describe("Addition: scored, or insufficient-data when too little of the entity's data is measured for a risk (the risk fields then read \"insufficient data\")");

export const ZAnalysisCoverage = z
  .object({
    status: z.enum(["sufficient", "insufficient"]).describe("insufficient: less than half of the model's weight rests on measured data"),
    share: z.number().describe("Σ weight × measured share over the dimensions, 0–1"),
    measured: z.array(z.string()).describe("Dimensions with measured data"),
    missing: z.array(z.string()).describe("Dimensions with none (simulated at 0.5, unknown)"),
    detail: z.string(),
  })
  .describe("Addition: how much of the analysis rests on measured data");

export const ZAgentQuantumResult = z.object({
  agentId: z.string(),
  predictedImprovement: z.string().describe('Relative rise in expected health from the optimal role adjustment, e.g. "7.4%"'),
  quantumRiskScore: z.string().describe('Risk 0–100 (1 − expected health), e.g. "16.1/100"; "insufficient data" without enough measured data'),
  optimalRoleAdjustment: z.string(),
  simulationDuration: z.string().describe('Measured simulation time with unit, e.g. "3.2 ms"'),
  detailedMetrics: z.object({ bitstringProbabilities: ZProbabilities, analysis: z.string() }),
  assessment: ZAssessment,
  coverage: ZAnalysisCoverage,
  ...RUN_ADDITIONS,
});

export const ZSquadQuantumResult = z.object({
  squadId: z.string(),
  predictedSquadImprovement: z.string(),
  optimalRoleDistribution: z.array(z.string()).describe('Recommended role slots, e.g. ["Defender: 2", "Builder: 1"]'),
  quantumRiskLevel: z.string().describe("Low, Moderate, High or Critical; \"Insufficient data\" without enough measured data"),
  simulationDuration: z.string(),
  detailedMetrics: z.object({ aggregatedBitstringProbabilities: ZProbabilities, analysis: z.string() }),
  assessment: ZAssessment,
  coverage: ZAnalysisCoverage,
  ...RUN_ADDITIONS,
});

export const ZSyndicateQuantumResult = z.object({
  syndicateId: z.string(),
  predictedSyndicateImprovement: z.string(),
  quantumRiskAnalysis: z.string(),
  simulationDuration: z.string(),
  detailedMetrics: z.object({ aggregatedSyndicateProbabilities: ZProbabilities, analysis: z.string() }),
  assessment: ZAssessment,
  coverage: ZAnalysisCoverage,
  ...RUN_ADDITIONS,
});

/** The fields every analysis adds about its run, on top of the model's own. */
export type TQuantumRunField = keyof typeof RUN_ADDITIONS;

export type TAgentQuantumResult = z.infer<typeof ZAgentQuantumResult>;
export type TSquadQuantumResult = z.infer<typeof ZSquadQuantumResult>;
export type TSyndicateQuantumResult = z.infer<typeof ZSyndicateQuantumResult>;

export const ZWalletFinanceBody = z.object({
  walletAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "walletAddress must be a 0x-prefixed 20-byte hex address").describe("The wallet to analyse"),
  chains: z.array(z.string().min(1)).max(50).optional().describe("Chains (slugs) to include; all when absent"),
  quantumBackend: z.enum(QUANTUM_BACKENDS).default("aer").describe("aer: the built-in simulator; ibm_quantum: IBM Quantum's runtime (needs IBM_QUANTUM_* configuration)"),
  shots: ZBodyShots,
  seed: ZBodySeed,
  tokenMap: ZTokenMap.optional().describe("Chain slug → token (symbol or contract) whose position to report"),
});
export type TWalletFinanceBody = z.infer<typeof ZWalletFinanceBody>;

export const ZWalletFinanceResult = z.object({
  wallet_address: z.string(),
  quantum_backend: z.string(),
  total_balance_usd: z.number(),
  quantum_results: z.object({
    probabilities: ZProbabilities,
    mapped_results: z.record(z.string(), z.object({ probability: z.number(), behavior: z.string() })),
    histogram: z.string().describe("base64 PNG (no data: prefix)"),
    analysis: z.string(),
  }),
  coverage: ZCoverage.optional().describe("What the wallet data behind the analysis covers; status not-indexed means the analysis says \"Insufficient data\" instead of a verdict"),
  assessment: ZAssessment.optional(),
  seed: RUN_ADDITIONS.seed.optional(),
  shots: RUN_ADDITIONS.shots,
});
export type TWalletFinanceResult = z.infer<typeof ZWalletFinanceResult>;

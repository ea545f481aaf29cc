"use client";

// react-query hooks for the quantum endpoints: run an analysis, run a circuit, read the circuit
// and the past runs of an entity.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, type ProblemBody } from "@/lib/client/api";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import type { TAgentQuantumResult, TAnalysisEntityType, TSquadQuantumResult, TSyndicateQuantumResult, TWalletFinanceBody } from "@/lib/quantum/analyses/schemas";
import type { TRunCircuitBody } from "@/lib/quantum/circuits/schemas";
import type { TQuantumRun } from "@/lib/quantum/runs/schemas";

export const quantumKeys = {
  runs: (entityType: string, entityId: string) => ["quantum", "runs", entityType, entityId] as const,
  circuit: (entityType: string, entityId: string) => ["quantum", "circuit", entityType, entityId] as const,
};

const ID_PARAM: Record<TAnalysisEntityType, string> = { agent: "agentId", squad: "squadId", syndicate: "syndicateId" };

export const analysisPath = (entityType: TAnalysisEntityType, entityId: string, query: Record<string, string | number | undefined> = {}, base = "") => {
  const params = new URLSearchParams({ [ID_PARAM[entityType]]: entityId });
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(name, String(value));
  return `${base}/quantum/${entityType}?${params}`;
};

export type AnyAnalysis = TAgentQuantumResult | TSquadQuantumResult | TSyndicateQuantumResult;

/** Runs an entity's analysis (GET /quantum/{agent,squad,syndicate}?<id>=…&shots=…&seed=…; unset options are left out). */
const runAnalysis = async (entityType: TAnalysisEntityType, entityId: string, options: { shots?: number; seed?: number }, base: string) => {
  const api = dashboardApi(base);
  const { shots, seed } = options;
  switch (entityType) {
    case "agent":
      return unwrap(api.GET("/quantum/agent", { params: { query: { agentId: entityId, shots, seed } } }));
    case "squad":
      return unwrap(api.GET("/quantum/squad", { params: { query: { squadId: entityId, shots, seed } } }));
    case "syndicate":
      return unwrap(api.GET("/quantum/syndicate", { params: { query: { syndicateId: entityId, shots, seed } } }));
  }
};

/** The fields the three analyses share, under one set of names. */
export type AnalysisView = {
  improvement: string;
  risk: string;
  recommendation: string | string[];
  recommendationLabel: string;
  duration: string;
  probabilities: Record<string, number>;
  analysis: string;
  histogram: string;
  seed: number;
  shots: number;
};

export const viewOf = (result: AnyAnalysis): AnalysisView => {
  const common = { duration: result.simulationDuration, histogram: result.histogram, seed: result.seed, shots: result.shots };
  if ("agentId" in result) {
    return {
      ...common,
      improvement: result.predictedImprovement,
      risk: result.quantumRiskScore,
      recommendation: result.optimalRoleAdjustment,
      recommendationLabel: "Optimal role adjustment",
      probabilities: result.detailedMetrics.bitstringProbabilities,
      analysis: result.detailedMetrics.analysis,
    };
  }
  if ("squadId" in result) {
    return {
      ...common,
      improvement: result.predictedSquadImprovement,
      risk: result.quantumRiskLevel,
      recommendation: result.optimalRoleDistribution,
      recommendationLabel: "Optimal role distribution",
      probabilities: result.detailedMetrics.aggregatedBitstringProbabilities,
      analysis: result.detailedMetrics.analysis,
    };
  }
  return {
    ...common,
    improvement: result.predictedSyndicateImprovement,
    risk: result.quantumRiskAnalysis.split(":")[0],
    recommendation: result.quantumRiskAnalysis,
    recommendationLabel: "Risk analysis",
    probabilities: result.detailedMetrics.aggregatedSyndicateProbabilities,
    analysis: result.detailedMetrics.analysis,
  };
};

/** Runs an entity's analysis (a GET, but each run is stored, so it is a mutation here). */
export const useRunAnalysis = (entityType: TAnalysisEntityType, entityId: string, base = "") => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: { shots?: number; seed?: number }) => runAnalysis(entityType, entityId, options, base),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quantumKeys.runs(entityType, entityId) }),
  });
};

export const useRuns = (entityType: TQuantumRun["entityType"], entityId: string, base = "") =>
  useQuery({
    queryKey: quantumKeys.runs(entityType, entityId),
    queryFn: ({ signal }) =>
      unwrap(dashboardApi(base).GET("/quantum/runs", { params: { query: { entityType, entityId, limit: 50 } }, signal })),
  });

/** The circuit of an analysis as OpenQASM 3 (plain text, so not through the JSON client). */
export const useCircuitQasm = (entityType: TAnalysisEntityType, entityId: string, base = "") =>
  useQuery({
    queryKey: quantumKeys.circuit(entityType, entityId),
    queryFn: async ({ signal }) => {
      const response = await fetch(analysisPath(entityType, entityId, { format: "qasm" }, base), { signal, credentials: "same-origin" });
      if (!response.ok) throw new ApiError({ ...((await response.json().catch(() => ({}))) as ProblemBody), status: response.status });
      return response.text();
    },
  });

export const useRunCircuit = (base = "") =>
  useMutation({ mutationFn: (body: TRunCircuitBody) => unwrap(dashboardApi(base).POST("/quantum/run", { body })) });

/**
 * The diagram of a program (POST /quantum/diagram); nothing is asked while `qasm` is empty, nor
 * without a credential (`signedIn` false: drawing a submitted program needs one).
 */
export const useCircuitDiagram = (qasm: string, base = "", signedIn = true) =>
  useQuery({
    queryKey: ["quantum", "diagram", qasm] as const,
    queryFn: ({ signal }) => unwrap(dashboardApi(base).POST("/quantum/diagram", { body: { qasm }, signal })),
    enabled: signedIn && qasm.trim().length > 0,
    retry: false,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

export const useWalletFinance = (base = "") =>
  useMutation({
    mutationFn: (body: Partial<TWalletFinanceBody> & { walletAddress: string }) =>
      unwrap(dashboardApi(base).POST("/qmetrics/finance", { body })),
  });

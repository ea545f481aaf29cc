// Agent model: three qubits — q0 reliability (uptime, error rate), q1 delivery (completion rate,
// response time), q2 growth (experience points) — on the chain circuit of chain.ts.
import { evaluateChain, type ChainEvaluation, type Dimension } from "./chain";
import type { TAgentQuantumResult, TQuantumRunField } from "../schemas";
import { describeDimensions, formatDuration, formatPercent, formatProbability, formatRiskScore, topOutcome } from "./text";
import { riskLevel } from "./risk";
import { assessCoverage, assessmentOf, INSUFFICIENT, insufficientAnalysis } from "./coverage";
import { deliveryScore, experienceScore, hasPerformanceMetrics, reliabilityScore, UNKNOWN_SCORE } from "./scores";

export type AgentModelInput = {
  id: string;
  name: string;
  uptime: number;
  completionRate: number;
  averageResponseTime: number;
  errorRate: number;
  experiencePoints: number;
  roles: string[];
};

export const agentDimensions = (agent: AgentModelInput): Dimension[] => {
  // Experience points are a counter (0 is a real fact); the performance metrics may be unreported.
  const reported = hasPerformanceMetrics(agent);
  const measured = reported ? 1 : 0;
  return [
    { key: "reliability", label: "reliability", score: reported ? reliabilityScore(agent.uptime, agent.errorRate) : UNKNOWN_SCORE, weight: 0.4, role: "Defender", drivers: "uptime and error rate", coverage: measured },
    { key: "delivery", label: "delivery", score: reported ? deliveryScore(agent.completionRate, agent.averageResponseTime) : UNKNOWN_SCORE, weight: 0.35, role: "Builder", drivers: "completion rate and response time", coverage: measured },
    { key: "growth", label: "growth", score: experienceScore(agent.experiencePoints), weight: 0.25, role: "Scout", drivers: "experience points", coverage: 1 },
  ];
};

/** The analysis fields of the result; the run fields (seed, shots, backend, histogram) are added by the caller. */
export type AgentQuantumResult = Omit<TAgentQuantumResult, TQuantumRunField>;

const roleAdjustment = (agent: AgentModelInput, dimension: Dimension, lifted: number, health: number) => {
  const slots = agent.roles.filter((role) => role === dimension.role).length;
  const move =
    slots === 0
      ? `Assign one of the five role slots to ${dimension.role}`
      : `Deepen the ${dimension.role} role (${slots} of ${agent.roles.length} slots)`;
  return `${move} to strengthen ${dimension.label}: simulated health ${formatProbability(health)} → ${formatProbability(lifted)}`;
};

export const runAgentModel = (agent: AgentModelInput, options: { shots: number; seed?: number }) => {
  const dimensions = agentDimensions(agent);
  const evaluation = evaluateChain(dimensions, options);
  return { dimensions, evaluation, result: shapeAgentResult(agent, dimensions, evaluation) };
};

export const shapeAgentResult = (agent: AgentModelInput, dimensions: Dimension[], e: ChainEvaluation): AgentQuantumResult => {
  const coverage = assessCoverage(dimensions, "no performance metrics reported");
  if (coverage.status === "insufficient") {
    return {
      agentId: agent.id,
      predictedImprovement: INSUFFICIENT,
      quantumRiskScore: INSUFFICIENT,
      optimalRoleAdjustment: "None until the agent reports its performance metrics (uptime, completion rate, response time, error rate).",
      simulationDuration: formatDuration(e.run.durationMs),
      detailedMetrics: { bitstringProbabilities: e.run.probabilities, analysis: insufficientAnalysis(`${agent.name} (${agent.id})`, coverage, e.run.shots) },
      assessment: assessmentOf(coverage),
      coverage,
    };
  }
  const top = topOutcome(e.run.probabilities);
  const weakest = dimensions.reduce((low, d, k) => (e.healthy[k] < e.healthy[low] ? k : low), 0);
  const analysis =
    `${agent.name} (${agent.id}): ${describeDimensions(dimensions, e.healthy)}. ` +
    `Most frequent outcome ${top.bits} at ${formatProbability(top.probability)} over ${e.run.shots} shots (qubit 0 rightmost; 1 = healthy). ` +
    `Expected health ${formatProbability(e.health)}, risk ${formatRiskScore(e.risk)} (${riskLevel(e.risk)}); ` +
    `weakest dimension ${dimensions[weakest].label}. ` +
    `Lifting ${dimensions[e.best].label} half way to its ceiling raises health by ${formatPercent(e.improvementPercent)}.`;
  return {
    agentId: agent.id,
    predictedImprovement: formatPercent(e.improvementPercent),
    quantumRiskScore: formatRiskScore(e.risk),
    optimalRoleAdjustment: roleAdjustment(agent, dimensions[e.best], e.lifted[e.best], e.health),
    simulationDuration: formatDuration(e.run.durationMs),
    detailedMetrics: { bitstringProbabilities: e.run.probabilities, analysis },
    assessment: assessmentOf(coverage),
    coverage,
  };
};

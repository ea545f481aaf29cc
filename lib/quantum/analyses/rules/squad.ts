// Squad model: three qubits over the members' aggregated metrics — q0 reliability (mean uptime,
// mean error rate), q1 delivery (overall completion rate, mean response time), q2 cohesion (core
// role coverage and mean experience) — on the chain circuit of chain.ts.
import { evaluateChain, type Dimension } from "./chain";
import type { TSquadQuantumResult, TQuantumRunField } from "../schemas";
import { describeDimensions, formatDuration, formatPercent, formatProbability, formatRiskScore, topOutcome } from "./text";
import { riskLevel } from "./risk";
import { aggregateMembers, deliveryOf, distributeRoles, missingRole, reliabilityOf, type MemberMetrics } from "./group";
import { assessCoverage, assessmentOf, INSUFFICIENT, insufficientAnalysis } from "./coverage";
import { clamp01, experienceScore, hasPerformanceMetrics, mean, roleCoverage, UNKNOWN_SCORE } from "./scores";

export type SquadModelInput = { id: string; name: string; members: MemberMetrics[] };

export type SquadQuantumResult = Omit<TSquadQuantumResult, TQuantumRunField>;

export const squadDimensions = (squad: SquadModelInput): Dimension[] => {
  // Reliability and delivery average the members that reported metrics; roles and experience are
  // known for every member. An empty squad knows nothing.
  const reporting = squad.members.filter(hasPerformanceMetrics);
  const a = aggregateMembers(reporting);
  const share = squad.members.length === 0 ? 0 : reporting.length / squad.members.length;
  const anyone = squad.members.length > 0;
  return [
    { key: "reliability", label: "reliability", score: share > 0 ? reliabilityOf(a) : UNKNOWN_SCORE, weight: 0.4, role: "Defender", drivers: "mean uptime and error rate", coverage: share },
    { key: "delivery", label: "delivery", score: share > 0 ? deliveryOf(a) : UNKNOWN_SCORE, weight: 0.35, role: "Builder", drivers: "overall completion rate and mean response time", coverage: share },
    {
      key: "cohesion",
      label: "cohesion",
      score: anyone ? clamp01(0.6 * roleCoverage(squad.members.flatMap((m) => m.roles)) + 0.4 * experienceScore(mean(squad.members.map((m) => m.experiencePoints)))) : UNKNOWN_SCORE,
      weight: 0.25,
      role: missingRole(squad.members.flatMap((m) => m.roles)),
      drivers: "core role coverage and mean experience",
      coverage: anyone ? 1 : 0,
    },
  ];
};

export const runSquadModel = (squad: SquadModelInput, options: { shots: number; seed?: number }) => {
  const dimensions = squadDimensions(squad);
  const e = evaluateChain(dimensions, options);
  const coverage = assessCoverage(dimensions, squad.members.length === 0 ? "the squad has no members" : "no member reported performance metrics");
  if (coverage.status === "insufficient") {
    const result: SquadQuantumResult = {
      squadId: squad.id,
      predictedSquadImprovement: INSUFFICIENT,
      optimalRoleDistribution: [],
      quantumRiskLevel: "Insufficient data",
      simulationDuration: formatDuration(e.run.durationMs),
      detailedMetrics: {
        aggregatedBitstringProbabilities: e.run.probabilities,
        analysis: insufficientAnalysis(`${squad.name} (${squad.id}), ${squad.members.length} agent(s)`, coverage, e.run.shots),
      },
      assessment: assessmentOf(coverage),
      coverage,
    };
    return { dimensions, evaluation: e, result };
  }
  const slots = Math.max(3, squad.members.length);
  const optimalRoleDistribution = distributeRoles(
    dimensions.map((d, k) => ({ role: d.role, need: d.weight * (1 - e.healthy[k]) })),
    slots,
  );
  const top = topOutcome(e.run.probabilities);
  const level = riskLevel(e.risk);
  const analysis =
    `${squad.name} (${squad.id}), ${squad.members.length} agent(s): ${describeDimensions(dimensions, e.healthy)}. ` +
    `Most frequent outcome ${top.bits} at ${formatProbability(top.probability)} over ${e.run.shots} shots (qubit 0 rightmost; 1 = healthy). ` +
    `Expected health ${formatProbability(e.health)}, risk ${formatRiskScore(e.risk)} (${level}); ${coverage.detail} ` +
    `Recommended roles for ${slots} slots, in proportion to each dimension's unmet health: ${optimalRoleDistribution.join(", ")}. ` +
    `Lifting ${dimensions[e.best].label} half way to its ceiling raises health by ${formatPercent(e.improvementPercent)}.`;
  const result: SquadQuantumResult = {
    squadId: squad.id,
    predictedSquadImprovement: formatPercent(e.improvementPercent),
    optimalRoleDistribution,
    quantumRiskLevel: level,
    simulationDuration: formatDuration(e.run.durationMs),
    detailedMetrics: { aggregatedBitstringProbabilities: e.run.probabilities, analysis },
    assessment: assessmentOf(coverage),
    coverage,
  };
  return { dimensions, evaluation: e, result };
};

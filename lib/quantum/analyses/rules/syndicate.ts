// Syndicate model: three qubits — q0 reliability and q1 delivery over all of its agents (each
// once), q2 coordination (core role coverage across the syndicate, and its weakest squad) — on the
// chain circuit of chain.ts. The weakest squad, not the spread between squads, so that improving
// any agent can never lower the score.
import { evaluateChain, type Dimension } from "./chain";
import type { TSyndicateQuantumResult, TQuantumRunField } from "../schemas";
import { describeDimensions, formatDuration, formatPercent, formatProbability, formatRiskScore, topOutcome } from "./text";
import { riskLevel } from "./risk";
import { aggregateMembers, deliveryOf, reliabilityOf, type MemberMetrics } from "./group";
import { assessCoverage, assessmentOf, insufficientAnalysis } from "./coverage";
import { clamp01, hasPerformanceMetrics, roleCoverage, UNKNOWN_SCORE } from "./scores";

export type SyndicateModelInput = { id: string; name: string; squads: { id: string; name: string; members: MemberMetrics[] }[] };

export type SyndicateQuantumResult = Omit<TSyndicateQuantumResult, TQuantumRunField>;

const uniqueAgents = (syndicate: SyndicateModelInput) => {
  const seen = new Map<string, MemberMetrics>();
  for (const squad of syndicate.squads) for (const member of squad.members) if (!seen.has(member.id)) seen.set(member.id, member);
  return [...seen.values()];
};

export const syndicateDimensions = (syndicate: SyndicateModelInput): Dimension[] => {
  const agents = uniqueAgents(syndicate);
  const reporting = agents.filter(hasPerformanceMetrics);
  const all = aggregateMembers(reporting);
  const share = agents.length === 0 ? 0 : reporting.length / agents.length;
  // The weakest squad among those with reported metrics; squads without any say nothing.
  const squadScores = syndicate.squads.flatMap((squad) => {
    const members = squad.members.filter(hasPerformanceMetrics);
    if (members.length === 0) return [];
    const a = aggregateMembers(members);
    return [0.5 * reliabilityOf(a) + 0.5 * deliveryOf(a)];
  });
  const weakestSquad = squadScores.length === 0 ? UNKNOWN_SCORE : Math.min(...squadScores);
  const coordinationCoverage = agents.length === 0 ? 0 : squadScores.length === 0 ? 0.5 : 1;
  return [
    { key: "reliability", label: "reliability", score: share > 0 ? reliabilityOf(all) : UNKNOWN_SCORE, weight: 0.35, role: "Defender", drivers: "uptime and error rate of all agents", coverage: share },
    { key: "delivery", label: "delivery", score: share > 0 ? deliveryOf(all) : UNKNOWN_SCORE, weight: 0.35, role: "Builder", drivers: "completion rate and response time of all agents", coverage: share },
    {
      key: "coordination",
      label: "coordination",
      score: agents.length === 0 ? UNKNOWN_SCORE : clamp01(0.5 * roleCoverage(agents.flatMap((m) => m.roles)) + 0.5 * weakestSquad),
      weight: 0.3,
      role: "Strategist",
      drivers: "core role coverage and the weakest squad",
      coverage: coordinationCoverage,
    },
  ];
};

export const runSyndicateModel = (syndicate: SyndicateModelInput, options: { shots: number; seed?: number }) => {
  const dimensions = syndicateDimensions(syndicate);
  const e = evaluateChain(dimensions, options);
  const agents = uniqueAgents(syndicate).length;
  const coverage = assessCoverage(dimensions, agents === 0 ? "the syndicate has no agents" : "no agent reported performance metrics");
  if (coverage.status === "insufficient") {
    const subject = `${syndicate.name} (${syndicate.id}), ${syndicate.squads.length} squad(s), ${agents} agent(s)`;
    const result: SyndicateQuantumResult = {
      syndicateId: syndicate.id,
      predictedSyndicateImprovement: "insufficient data",
      quantumRiskAnalysis: `Insufficient data: ${coverage.detail} No risk is given; ${syndicate.squads.length} squad(s), ${agents} agent(s).`,
      simulationDuration: formatDuration(e.run.durationMs),
      detailedMetrics: { aggregatedSyndicateProbabilities: e.run.probabilities, analysis: insufficientAnalysis(subject, coverage, e.run.shots) },
      assessment: assessmentOf(coverage),
      coverage,
    };
    return { dimensions, evaluation: e, result };
  }
  const level = riskLevel(e.risk);
  const weakest = dimensions.reduce((low, _d, k) => (e.healthy[k] < e.healthy[low] ? k : low), 0);
  const strongest = dimensions.reduce((high, _d, k) => (e.healthy[k] > e.healthy[high] ? k : high), 0);
  const quantumRiskAnalysis =
    `${level} risk (${formatRiskScore(e.risk)}): ${dimensions[weakest].label} is the weakest dimension ` +
    `(P(healthy) ${formatProbability(e.healthy[weakest])}), ${dimensions[strongest].label} the strongest ` +
    `(${formatProbability(e.healthy[strongest])}); ${syndicate.squads.length} squad(s), ${agents} agent(s). ${coverage.detail}`;
  const top = topOutcome(e.run.probabilities);
  const analysis =
    `${syndicate.name} (${syndicate.id}): ${describeDimensions(dimensions, e.healthy)}. ` +
    `Most frequent outcome ${top.bits} at ${formatProbability(top.probability)} over ${e.run.shots} shots (qubit 0 rightmost; 1 = healthy). ` +
    `Expected health ${formatProbability(e.health)}. Strengthening ${dimensions[e.best].label} (${dimensions[e.best].role} focus) ` +
    `half way to its ceiling raises health by ${formatPercent(e.improvementPercent)}.`;
  const result: SyndicateQuantumResult = {
    syndicateId: syndicate.id,
    predictedSyndicateImprovement: formatPercent(e.improvementPercent),
    quantumRiskAnalysis,
    simulationDuration: formatDuration(e.run.durationMs),
    detailedMetrics: { aggregatedSyndicateProbabilities: e.run.probabilities, analysis },
    assessment: assessmentOf(coverage),
    coverage,
  };
  return { dimensions, evaluation: e, result };
};

// Squad model: three qubits over the members' aggregated metrics — q0 reliability (mean uptime,
// mean error rate), q1 delivery (overall completion rate, mean response time), q2 cohesion (core
// role coverage and mean experience) — on the chain circuit of chain.ts.
import { evaluateChain, type Dimension } from "./chain";
import type { TSquadQuantumResult, TQuantumRunField } from "../schemas";
import { describeDimensions, formatDuration, formatPercent, formatProbability, formatRiskScore, riskLevel, topOutcome } from "./format";
import { aggregateMembers, deliveryOf, distributeRoles, growthOf, missingRole, reliabilityOf, type MemberMetrics } from "./group";
import { clamp01 } from "./scores";

export type SquadModelInput = { id: string; name: string; members: MemberMetrics[] };

export type SquadQuantumResult = Omit<TSquadQuantumResult, TQuantumRunField>;

export const squadDimensions = (squad: SquadModelInput): Dimension[] => {
  const a = aggregateMembers(squad.members);
  return [
    { key: "reliability", label: "reliability", score: reliabilityOf(a), weight: 0.4, role: "Defender", drivers: "mean uptime and error rate" },
    { key: "delivery", label: "delivery", score: deliveryOf(a), weight: 0.35, role: "Builder", drivers: "overall completion rate and mean response time" },
    {
      key: "cohesion",
      label: "cohesion",
      score: clamp01(0.6 * a.coverage + 0.4 * growthOf(a)),
      weight: 0.25,
      role: missingRole(squad.members.flatMap((m) => m.roles)),
      drivers: "core role coverage and mean experience",
    },
  ];
};

export const runSquadModel = (squad: SquadModelInput, options: { shots: number; seed?: number }) => {
  const dimensions = squadDimensions(squad);
  const e = evaluateChain(dimensions, options);
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
    `Expected health ${formatProbability(e.health)}, risk ${formatRiskScore(e.risk)} (${level}). ` +
    `Recommended roles for ${slots} slots, in proportion to each dimension's unmet health: ${optimalRoleDistribution.join(", ")}. ` +
    `Lifting ${dimensions[e.best].label} half way to its ceiling raises health by ${formatPercent(e.improvementPercent)}.`;
  const result: SquadQuantumResult = {
    squadId: squad.id,
    predictedSquadImprovement: formatPercent(e.improvementPercent),
    optimalRoleDistribution,
    quantumRiskLevel: level,
    simulationDuration: formatDuration(e.run.durationMs),
    detailedMetrics: { aggregatedBitstringProbabilities: e.run.probabilities, analysis },
  };
  return { dimensions, evaluation: e, result };
};

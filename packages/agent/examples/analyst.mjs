// An analyst: runs the quantum analysis of its squad and files the recommendation as its result
// (predicted improvement, risk level, recommended role slots). The squad is the one the task is
// assigned to: work assigned to a squad is claimed by its members, so an analyst in the squad takes it.
//
//   syndicate-agent --handler packages/agent/examples/analyst.mjs --credential ak_syn_…
class NoSquadTask extends Error {
  name = "NoSquadTask";
}

/** @type {import("@syndicate/agent").Handler} */
export default async function analyst(task, context) {
  const { api, run, signal } = context;
  const squadId = task.assignedEntity?.type === "Squad" ? task.assignedEntity.id : undefined;
  if (!squadId) throw new NoSquadTask(`Agent ${run.agentId} analyses squads: assign the task to the squad (its members claim it), not to the agent.`);
  context.message(`Analysing squad ${squadId}`);
  context.toolCall("analyzeSquadQuantum", { squadId });
  /** @type {{ predictedSquadImprovement: string, quantumRiskLevel: string, optimalRoleDistribution: string[], assessment: string, simulationDuration: string, detailedMetrics: { analysis: string } }} */
  const analysis = await api.get("/quantum/squad", { squadId }, signal);
  context.toolResult(`Improvement ${analysis.predictedSquadImprovement}, risk ${analysis.quantumRiskLevel} (${analysis.simulationDuration})`);
  const roles = analysis.optimalRoleDistribution.join(", ") || "no change";
  return {
    summary: `Squad ${squadId}: predicted improvement ${analysis.predictedSquadImprovement}, risk ${analysis.quantumRiskLevel}. Recommended roles: ${roles}.`,
    data: {
      squadId,
      predictedImprovement: analysis.predictedSquadImprovement,
      riskLevel: analysis.quantumRiskLevel,
      assessment: analysis.assessment,
      recommendedRoles: analysis.optimalRoleDistribution,
      analysis: analysis.detailedMetrics.analysis,
    },
  };
}

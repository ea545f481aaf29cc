// Endpoints 20–22: read the entity, run its model on the simulator, draw the histogram, keep the
// run, answer the contract's fields (plus seed, shots, backend and histogram).
import { histogramBase64 } from "./histogram";
import { loadAgentInput, loadSquadInput, loadSyndicateInput } from "./load-entities";
import { chainCircuit, runAgentModel, runSquadModel, runSyndicateModel, agentDimensions, squadDimensions, syndicateDimensions, type ChainEvaluation } from "./models";
import { toQasm3 } from "./qasm/emit";
import { recordRun } from "./runs";
import { DEFAULT_SHOTS, type TAgentQuantumResult, type TAnalysisEntityType, type TAnalysisOptions, type TSquadQuantumResult, type TSyndicateQuantumResult } from "./schemas";
import type { QuantumEntity } from "../db";

export const AER = "aer";

const extras = async (e: ChainEvaluation, title: string) => ({
  seed: e.run.seed,
  shots: e.run.shots,
  backend: AER,
  histogram: await histogramBase64(e.run.probabilities, { title: `${title}: ${e.run.shots} shots` }),
});

const keep = (entityType: QuantumEntity, entityId: string, e: ChainEvaluation, response: Record<string, unknown>) =>
  recordRun({
    entityType,
    entityId,
    backend: AER,
    qubits: e.circuit.qubits,
    shots: e.run.shots,
    seed: e.run.seed,
    durationMs: e.run.durationMs,
    probabilities: e.run.probabilities,
    riskScore: e.risk * 100,
    improvementPercent: e.improvementPercent,
    response,
  });

export const analyzeAgent = async (agentId: string, options: TAnalysisOptions = {}): Promise<TAgentQuantumResult> => {
  const agent = await loadAgentInput(agentId);
  const { evaluation, result } = runAgentModel(agent, { shots: options.shots ?? DEFAULT_SHOTS, seed: options.seed });
  const response = { ...result, ...(await extras(evaluation, `Agent ${agent.name}`)) };
  await keep("agent", agent.id, evaluation, response);
  return response;
};

export const analyzeSquad = async (squadId: string, options: TAnalysisOptions = {}): Promise<TSquadQuantumResult> => {
  const squad = await loadSquadInput(squadId);
  const { evaluation, result } = runSquadModel(squad, { shots: options.shots ?? DEFAULT_SHOTS, seed: options.seed });
  const response = { ...result, ...(await extras(evaluation, `Squad ${squad.name}`)) };
  await keep("squad", squad.id, evaluation, response);
  return response;
};

export const analyzeSyndicate = async (syndicateId: string, options: TAnalysisOptions = {}): Promise<TSyndicateQuantumResult> => {
  const syndicate = await loadSyndicateInput(syndicateId);
  const { evaluation, result } = runSyndicateModel(syndicate, { shots: options.shots ?? DEFAULT_SHOTS, seed: options.seed });
  const response = { ...result, ...(await extras(evaluation, `Syndicate ${syndicate.name}`)) };
  await keep("syndicate", syndicate.id, evaluation, response);
  return response;
};

/** The circuit an analysis would run, as OpenQASM 3, with a comment naming each qubit's dimension. */
export const entityCircuitQasm = async (entityType: TAnalysisEntityType, id: string): Promise<string> => {
  const dimensions =
    entityType === "agent"
      ? agentDimensions(await loadAgentInput(id))
      : entityType === "squad"
        ? squadDimensions(await loadSquadInput(id))
        : syndicateDimensions(await loadSyndicateInput(id));
  const header = [
    `// ${entityType} ${id}: one qubit per dimension, |1> = healthy (docs/quantum-model.md)`,
    ...dimensions.map((d, k) => `// q[${k}] ${d.label}: score ${d.score.toFixed(6)} from ${d.drivers}`),
  ];
  return `${header.join("\n")}\n${toQasm3(chainCircuit(dimensions.map((d) => d.score)))}`;
};

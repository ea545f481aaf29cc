// The entity analyses (GET /quantum/agent-analysis, /quantum/squad-analysis and
// /quantum/syndicate-analysis): read the entity, run its model on the simulator, draw the
// histogram, keep the run, answer the model's fields plus seed, shots, backend and histogram.
// One table says, per entity type, how its input is loaded and which model runs on it (on a worker
// thread of the simulation pool; `signal` cancels the run).
import type { QuantumEntity } from "../../db";
import { circuitDiagram } from "../diagram/svg";
import { histogramBase64 } from "../histogram";
import { loadAgentInput, loadSquadInput, loadSyndicateInput } from "./load-entities";
import { agentDimensions, chainCircuit, squadDimensions, syndicateDimensions } from "./rules";
import type { ChainEvaluation, Dimension } from "./rules";
import { runSimulation, type Lane } from "../pool";
import { toQasm3 } from "../qasm/emit";
import { recordRun } from "../runs";
import { AER, DEFAULT_SHOTS } from "../schemas";
import { type TAgentQuantumResult, type TAnalysisEntityType, type TAnalysisOptions, type TSquadQuantumResult, type TSyndicateQuantumResult } from "./schemas";

type Named = { id: string; name: string };

type Analysis<Input extends Named, Result> = {
  entityType: QuantumEntity;
  /** Names the entity in the histogram's title. */
  title: string;
  load: (id: string) => Promise<Input>;
  dimensions: (input: Input) => Dimension[];
  run: (input: Input, options: { shots: number; seed?: number }, lane: Lane, signal?: AbortSignal) => Promise<{ evaluation: ChainEvaluation; result: Result }>;
};

const defineAnalysis = <Input extends Named, Result>(analysis: Analysis<Input, Result>) => ({
  ...analysis,
  /** The dimensions of the entity with this id (404 when there is none). */
  dimensionsOf: async (id: string) => analysis.dimensions(await analysis.load(id)),
});

const ANALYSES = {
  agent: defineAnalysis({
    entityType: "agent",
    title: "Agent",
    load: loadAgentInput,
    dimensions: agentDimensions,
    run: (input, options, lane, signal) => runSimulation({ kind: "agent", input, ...options }, signal, lane),
  }),
  squad: defineAnalysis({
    entityType: "squad",
    title: "Squad",
    load: loadSquadInput,
    dimensions: squadDimensions,
    run: (input, options, lane, signal) => runSimulation({ kind: "squad", input, ...options }, signal, lane),
  }),
  syndicate: defineAnalysis({
    entityType: "syndicate",
    title: "Syndicate",
    load: loadSyndicateInput,
    dimensions: syndicateDimensions,
    run: (input, options, lane, signal) => runSimulation({ kind: "syndicate", input, ...options }, signal, lane),
  }),
} satisfies Record<TAnalysisEntityType, unknown>;

type RunFields = { seed: number; shots: number; backend: string; histogram: string };

const analyze = async <Input extends Named, Result>(
  analysis: Analysis<Input, Result>,
  id: string,
  options: TAnalysisOptions,
  userId: string | undefined,
  signal?: AbortSignal,
): Promise<Result & RunFields> => {
  const input = await analysis.load(id);
  // Anonymous callers get the sandbox's public lane (one thread of its own), never a simulation thread.
  const lane: Lane = userId ? "simulate" : "public";
  const { evaluation: e, result } = await analysis.run(input, { shots: options.shots ?? DEFAULT_SHOTS, seed: options.seed }, lane, signal);
  const scored = (result as { assessment?: string }).assessment !== "insufficient-data";
  const histogram = await histogramBase64(e.run.probabilities, { title: `${analysis.title} ${input.name}: ${e.run.shots} shots${scored ? "" : " (insufficient data)"}` });
  const response: Result & RunFields = { ...result, seed: e.run.seed, shots: e.run.shots, backend: AER, histogram };
  await recordRun({
    userId,
    entityType: analysis.entityType,
    entityId: input.id,
    backend: AER,
    qubits: e.circuit.qubits,
    shots: e.run.shots,
    seed: e.run.seed,
    durationMs: e.run.durationMs,
    probabilities: e.run.probabilities,
    riskScore: scored ? e.risk * 100 : undefined,
    improvementPercent: scored ? e.improvementPercent : undefined,
    response,
  });
  return response;
};

/** The run is stored only for a signed-in user or key owner (`userId`); `signal` cancels the simulation. */
export const analyzeAgent = (agentId: string, options: TAnalysisOptions = {}, userId?: string, signal?: AbortSignal): Promise<TAgentQuantumResult> =>
  analyze(ANALYSES.agent, agentId, options, userId, signal);

/** The run is stored only for a signed-in user or key owner (`userId`); `signal` cancels the simulation. */
export const analyzeSquad = (squadId: string, options: TAnalysisOptions = {}, userId?: string, signal?: AbortSignal): Promise<TSquadQuantumResult> =>
  analyze(ANALYSES.squad, squadId, options, userId, signal);

/** The run is stored only for a signed-in user or key owner (`userId`); `signal` cancels the simulation. */
export const analyzeSyndicate = (syndicateId: string, options: TAnalysisOptions = {}, userId?: string, signal?: AbortSignal): Promise<TSyndicateQuantumResult> =>
  analyze(ANALYSES.syndicate, syndicateId, options, userId, signal);

/** The circuit an analysis would run, as OpenQASM 3, with a comment naming each qubit's dimension. */
export const entityCircuitQasm = async (entityType: TAnalysisEntityType, id: string): Promise<string> => {
  const dimensions = await ANALYSES[entityType].dimensionsOf(id);
  const header = [
    `// ${entityType} ${id}: one qubit per dimension, |1> = healthy (docs/quantum-model.md)`,
    ...dimensions.map((d, k) => `// q[${k}] ${d.label}: score ${d.score.toFixed(6)} from ${d.drivers}${d.coverage === 0 ? " (nothing measured: unknown, 0.5)" : ""}`),
  ];
  return `${header.join("\n")}\n${toQasm3(chainCircuit(dimensions.map((d) => d.score)))}`;
};

/** The circuit an analysis would run, drawn as SVG (the entity's name in the title). */
export const entityCircuitDiagram = async (entityType: TAnalysisEntityType, id: string): Promise<string> => {
  const analysis: Analysis<Named, unknown> = ANALYSES[entityType] as unknown as Analysis<Named, unknown>;
  const input = await analysis.load(id);
  const dimensions = analysis.dimensions(input);
  const title = `${analysis.title} ${input.name}: ${dimensions.map((d) => d.label).join(", ")}`;
  return circuitDiagram(chainCircuit(dimensions.map((d) => d.score)), { title: title.length > 120 ? `${title.slice(0, 119)}…` : title }).svg;
};

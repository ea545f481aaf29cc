// Request and response schemas of the quantum endpoints (/quantum/*, /qmetrics/finance). Client-safe:
// nothing here touches the server (the page forms validate with the same schemas).
import { z } from "zod";
import { shotsMax } from "../config/limits";
import { ZPageQuery } from "../core/paging";
import { MAX_SQUAD_MEMBERS } from "../squads/schemas";
import { ZCoverage, ZTokenMap } from "../wallet/schemas";
import { HISTOGRAM_SORTS, MAX_BARS, MAX_KEEP } from "./histogram/svg";

export const DEFAULT_SHOTS = 1024;
export const SEED_MAX = Number.MAX_SAFE_INTEGER;
export const QUANTUM_ENTITY_TYPES = ["agent", "squad", "syndicate", "wallet", "circuit"] as const;
export const ANALYSIS_ENTITY_TYPES = ["agent", "squad", "syndicate"] as const;
export type TAnalysisEntityType = (typeof ANALYSIS_ENTITY_TYPES)[number];

const shotsMessage = () => `shots must be between 1 and ${shotsMax()}`;

// The upper bound is the server's SHOTS_MAX, read when a request is validated.
const shotsRange = (value: number, context: z.RefinementCtx) => {
  if (value > shotsMax()) context.addIssue({ code: "custom", message: shotsMessage() });
};

const SHOTS_DESCRIPTION = `Number of shots (samples), 1–SHOTS_MAX (default limit 1,000,000); default ${DEFAULT_SHOTS}`;
const SEED_DESCRIPTION = "Seed of the shot sampler, 0–2^53−1: the same input, shots and seed give the same result; drawn at random (and reported) when absent";

const ZQueryShots = z.coerce.number().int("shots must be a whole number").min(1, { error: shotsMessage }).superRefine(shotsRange).optional().describe(SHOTS_DESCRIPTION);
const ZQuerySeed = z.coerce.number().int("seed must be a whole number").min(0, "seed must be at least 0").max(SEED_MAX, `seed must be at most ${SEED_MAX}`).optional().describe(SEED_DESCRIPTION);
const ZBodyShots = z.number().int("shots must be a whole number").min(1, { error: shotsMessage }).superRefine(shotsRange).optional().describe(SHOTS_DESCRIPTION);
const ZBodySeed = z.number().int("seed must be a whole number").min(0, "seed must be at least 0").max(SEED_MAX, `seed must be at most ${SEED_MAX}`).optional().describe(SEED_DESCRIPTION);
const ZFormat = z
  .enum(["json", "qasm", "svg"])
  .default("json")
  .describe("json (default): run and answer the analysis; qasm: answer the circuit as OpenQASM 3 (text/plain); svg: answer the circuit diagram (image/svg+xml); neither qasm nor svg runs it");

const ZId = (what: string) => z.string().min(1, `${what} is required`).max(128).describe(`The ${what}`);

export const ZAgentAnalysisQuery = z.object({ agentId: ZId("agentId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export const ZSquadAnalysisQuery = z.object({ squadId: ZId("squadId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export const ZSyndicateAnalysisQuery = z.object({ syndicateId: ZId("syndicateId"), shots: ZQueryShots, seed: ZQuerySeed, format: ZFormat });
export type TAnalysisOptions = { shots?: number; seed?: number };

const ZProbabilities = z.record(z.string(), z.number()).describe("Probability (counts ÷ shots) per measured bitstring, qubit 0 rightmost");

// Additions beyond the contract's fields (docs/quantum-model.md): how the result can be repeated and seen.
const additions = {
  seed: z.number().int().describe("Addition: the seed the shots were drawn with"),
  shots: z.number().int().describe("Addition: the number of shots"),
  backend: z.string().describe("Addition: where the circuit ran (aer = the built-in simulator)"),
  histogram: z.string().describe("Addition: base64 PNG of the distribution (no data: prefix)"),
};

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
  ...additions,
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
  ...additions,
});

export const ZSyndicateQuantumResult = z.object({
  syndicateId: z.string(),
  predictedSyndicateImprovement: z.string(),
  quantumRiskAnalysis: z.string(),
  simulationDuration: z.string(),
  detailedMetrics: z.object({ aggregatedSyndicateProbabilities: ZProbabilities, analysis: z.string() }),
  assessment: ZAssessment,
  coverage: ZAnalysisCoverage,
  ...additions,
});

/** The fields every analysis adds about its run, on top of the model's own. */
export type TQuantumRunField = keyof typeof additions;

export type TAgentQuantumResult = z.infer<typeof ZAgentQuantumResult>;
export type TSquadQuantumResult = z.infer<typeof ZSquadQuantumResult>;
export type TSyndicateQuantumResult = z.infer<typeof ZSyndicateQuantumResult>;

export const QUANTUM_BACKENDS = ["aer", "ibm_quantum"] as const;
/** The built-in simulator's backend name. */
export const AER = QUANTUM_BACKENDS[0];

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
  seed: additions.seed.optional(),
  shots: additions.shots,
});
export type TWalletFinanceResult = z.infer<typeof ZWalletFinanceResult>;

/** Outcomes answered by default: the answer stays this small whatever the circuit. */
export const DEFAULT_TOP_OUTCOMES = 1024;
export const MAX_TOP_OUTCOMES = 65_536;
/** Largest register whose statevector can be asked for (2^n amplitudes in the answer). */
export const MAX_STATEVECTOR_QUBITS = 10;

export const ZHistogramOptions = z
  .object({
    sort: z.enum(HISTOGRAM_SORTS).optional()
      .describe("Qiskit's sort: asc or desc by bitstring, value or value_desc by probability, hamming by distance to targetString. Default: asc while every outcome fits, else value_desc"),
    numberToKeep: z.number().int("numberToKeep must be a whole number").min(1, "numberToKeep must be at least 1").max(MAX_KEEP, `numberToKeep must be at most ${MAX_KEEP}`).optional()
      .describe(`Qiskit's number_to_keep: draw this many most probable outcomes and one "rest" bar for all others. Default: all while they fit in ${MAX_BARS} bars, else ${MAX_BARS - 1}`),
    targetString: z.string().regex(/^[01]{1,1024}$/, "targetString must be a bitstring").optional().describe("With sort hamming: the bitstring distances are measured to"),
  })
  .refine((options) => options.sort !== "hamming" || options.targetString !== undefined, { message: "sort hamming needs a targetString", path: ["targetString"] })
  .describe("How the histogram image is drawn");
export type THistogramOptions = z.infer<typeof ZHistogramOptions>;

export const ZRunCircuitBody = z.object({
  qasm: z.string().min(1, "qasm is required").max(200_000).describe('An OpenQASM 2.0 program (include "qelib1.inc"; qreg/creg, gates, measure, reset, if, barrier) or an OpenQASM 3 one (include "stdgates.inc"; qubit/bit, c = measure q, reset, if, gate modifiers)'),
  shots: ZBodyShots,
  seed: ZBodySeed,
  top: z.number().int("top must be a whole number").min(1, "top must be at least 1").max(MAX_TOP_OUTCOMES, `top must be at most ${MAX_TOP_OUTCOMES}`).optional()
    .describe(`Answer only the k most frequent outcomes (default ${DEFAULT_TOP_OUTCOMES}); distinctOutcomes and otherProbability say what was left out`),
  exact: z.boolean("exact must be true or false").optional().describe("Also answer exactProbabilities: the exact distribution, without sampling (the same k most probable outcomes)"),
  statevector: z.boolean("statevector must be true or false").optional().describe(`Also answer the final statevector as [re, im] pairs (circuits of at most ${MAX_STATEVECTOR_QUBITS} qubits without mid-circuit measurement)`),
  histogram: ZHistogramOptions.optional(),
});
export type TRunCircuitBody = z.infer<typeof ZRunCircuitBody>;

export const ZRunCircuitResult = z.object({
  qubits: z.number().int(),
  clbits: z.number().int(),
  shots: z.number().int(),
  seed: z.number().int(),
  backend: z.string(),
  counts: z.record(z.string(), z.number().int()).describe("Shots per classical bitstring (bit 0 rightmost), for the k most frequent outcomes"),
  probabilities: ZProbabilities,
  distinctOutcomes: z.number().int().describe("How many different outcomes the shots gave (also those left out of counts)"),
  otherProbability: z.number().describe("Share of the shots whose outcomes are left out of counts (0 when every outcome is answered)"),
  exactProbabilities: z.record(z.string(), z.number()).optional().describe("With exact: the exact probability of the k most probable outcomes"),
  statevector: z.array(z.tuple([z.number(), z.number()])).optional().describe("With statevector: amplitude [re, im] of each basis state, qubit 0 the lowest bit of the index"),
  histogram: z.string().describe("base64 PNG (no data: prefix)"),
  simulationDuration: z.string(),
});
export type TRunCircuitResult = z.infer<typeof ZRunCircuitResult>;

export const ZCircuitDiagramBody = z.object({
  qasm: ZRunCircuitBody.shape.qasm,
  title: z.string().max(120, "title must be at most 120 characters").optional().describe("Drawn above the circuit"),
});
export type TCircuitDiagramBody = z.infer<typeof ZCircuitDiagramBody>;

export const ZCircuitDiagramQuery = z.object({
  format: z.enum(["json", "svg"]).default("json").describe("json (default): the diagram inside a JSON object; svg: the diagram itself (image/svg+xml)"),
});

export const ZCircuitDiagramResult = z.object({
  qubits: z.number().int(),
  clbits: z.number().int(),
  operations: z.number().int().describe("Operations of the circuit: gates after every user gate is expanded, measurements, resets, barriers"),
  drawn: z.number().int().describe("Operations drawn: all of them, or the first ones of a longer circuit (the picture says how many were left out)"),
  truncated: z.boolean(),
  rows: z.number().int().describe("Rows the circuit is folded into"),
  width: z.number().int().describe("Width of the SVG in pixels"),
  height: z.number().int().describe("Height of the SVG in pixels"),
  svg: z.string().describe("The diagram: an SVG document (every text escaped, no scripts)"),
});
export type TCircuitDiagramResult = z.infer<typeof ZCircuitDiagramResult>;

export const ZRunsQuery = ZPageQuery.extend({
  entityType: z.enum(QUANTUM_ENTITY_TYPES).optional().describe("Only runs of this kind"),
  entityId: z.string().min(1).max(128).optional().describe("Only runs of this entity"),
});

export const ZQuantumRun = z.object({
  id: z.string(),
  entityType: z.enum(QUANTUM_ENTITY_TYPES),
  entityId: z.string().nullable(),
  backend: z.string(),
  qubits: z.number().int(),
  shots: z.number().int(),
  seed: z.string().describe("The seed, as a decimal string"),
  durationMs: z.number(),
  createdAt: z.string().describe("ISO 8601"),
  riskScore: z.number().nullable().describe("Risk 0–100 for analyses; null for circuits"),
  improvementPercent: z.number().nullable(),
  probabilities: ZProbabilities,
});
export type TQuantumRun = z.infer<typeof ZQuantumRun>;

/** A quantum job's status: the words of a hosted runtime's jobs (docs/jobs.md). */
export const QUANTUM_JOB_STATUSES = ["QUEUED", "RUNNING", "DONE", "ERROR", "CANCELLED"] as const;
export type TQuantumJobStatus = (typeof QUANTUM_JOB_STATUSES)[number];

export const ZQuantumJobBody = ZRunCircuitBody.extend({
  backend: z.enum(QUANTUM_BACKENDS).default("aer").describe("aer (default): the built-in simulator; ibm_quantum: IBM Quantum's runtime (needs IBM_QUANTUM_* configuration; exact and statevector are simulator-only)"),
});
export type TQuantumJobBody = z.infer<typeof ZQuantumJobBody>;

export const ZQuantumJobParams = z.object({ jobId: z.string().min(1).max(64).describe("The job's id") });

export const ZQuantumJobsQuery = ZPageQuery.extend({
  status: z.enum(QUANTUM_JOB_STATUSES).optional().describe("Only jobs in this status"),
});

export const ZQuantumJobProblem = z.object({
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const ZQuantumJob = z.object({
  id: z.string(),
  status: z.enum(QUANTUM_JOB_STATUSES),
  backend: z.enum(QUANTUM_BACKENDS),
  shots: z.number().int(),
  qubits: z.number().int().describe("Qubits of the submitted circuit"),
  attempts: z.number().int().describe("Times a worker took the job (more than 1 after a worker stopped or a retried failure)"),
  cancelRequested: z.boolean().describe("A cancel was asked; a RUNNING job becomes CANCELLED when its worker stops it"),
  hostedJobId: z.string().nullable().describe("The job's id at the hosted backend, once submitted there"),
  error: ZQuantumJobProblem.nullable().describe("Why the job failed (status ERROR), or why its last attempt did (QUEUED for a retry)"),
  createdAt: z.string().describe("ISO 8601"),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  links: z.object({ self: z.string(), result: z.string(), cancel: z.string() }),
});
export type TQuantumJob = z.infer<typeof ZQuantumJob>;

export const ZQuantumJobResult = ZRunCircuitResult.extend({
  seed: z.number().int().optional().describe("The seed the shots were drawn with (the simulator only)"),
  hostedJobId: z.string().optional().describe("The job's id at the hosted backend"),
});
export type TQuantumJobResult = z.infer<typeof ZQuantumJobResult>;

// The squad composition optimizer: POST /quantum/squad/{squadId}/optimize (docs/quantum-model.md, "Optimizer").
export const OPTIMIZE_MAX_PROPOSALS = 5;
export const OPTIMIZE_DEFAULT_PROPOSALS = 3;
/** Most agent ids a body may list as candidates (and as members to keep). */
export const OPTIMIZE_MAX_CANDIDATES = 500;
export const OPTIMIZE_MAX_REQUIRED_ROLES = 20;
/** The optimizer's shots are only those of the final check of each proposal; risk is exact. */
export const OPTIMIZE_SHOTS_MAX = 10_000;
export const OPTIMIZE_DEFAULT_SHOTS = 256;
/** Largest squad size the optimizer searches: the squad's own member limit. */
export const OPTIMIZE_MAX_SIZE = MAX_SQUAD_MEMBERS;

const uniqueStrings = (what: string) => (items: string[], context: z.core.$RefinementCtx<string[]>) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item)) context.addIssue({ code: "custom", path: [index], message: `${what} '${item}' is listed twice` });
    seen.add(item);
  });
};

const ZAgentIds = (description: string) =>
  z
    .array(z.string().min(1, "must not be empty").max(128, "must be at most 128 characters"))
    .max(OPTIMIZE_MAX_CANDIDATES, `at most ${OPTIMIZE_MAX_CANDIDATES} agent ids`)
    .superRefine(uniqueStrings("agent"))
    .optional()
    .describe(description);

const ZSquadSize = z.number().int("must be a whole number").min(1, "must be at least 1").max(OPTIMIZE_MAX_SIZE, `must be at most ${OPTIMIZE_MAX_SIZE}`);

export const ZOptimizeSquadParams = z.object({ squadId: ZId("squadId") });

export const ZOptimizeSquadBody = z
  .object({
    candidates: ZAgentIds(
      "Agent ids the optimizer may add (each must exist, else 422). Absent: the best-scoring agents outside the squad by the model's inputs, plus the best few holding each core or required role (bounded)",
    ),
    size: z
      .object({
        min: ZSquadSize.optional().describe("Fewest members; default the current size − 1 (at least 1 and at least the kept members)"),
        max: ZSquadSize.optional().describe("Most members; default the current size + 1 (at least 3)"),
      })
      .strict()
      .optional()
      .describe("Bounds on the proposed squad's size; min above max is a 422"),
    requiredRoles: z
      .array(z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"))
      .max(OPTIMIZE_MAX_REQUIRED_ROLES, `at most ${OPTIMIZE_MAX_REQUIRED_ROLES} roles`)
      .superRefine(uniqueStrings("role"))
      .optional()
      .describe("Role names (roleName, e.g. Scout, Builder, Defender, Healer) some member of every proposal must hold; a role no candidate or member holds is a 422"),
    keep: ZAgentIds("Current members every proposal keeps (each must be a member, else 422)"),
    maxProposals: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(OPTIMIZE_MAX_PROPOSALS, `must be at most ${OPTIMIZE_MAX_PROPOSALS}`)
      .default(OPTIMIZE_DEFAULT_PROPOSALS)
      .describe(`How many proposals to answer at most, 1–${OPTIMIZE_MAX_PROPOSALS}; default ${OPTIMIZE_DEFAULT_PROPOSALS}`),
    shots: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(OPTIMIZE_SHOTS_MAX, `must be at most ${OPTIMIZE_SHOTS_MAX}`)
      .default(OPTIMIZE_DEFAULT_SHOTS)
      .describe(`Shots of the final analysis run of each proposal, 1–${OPTIMIZE_SHOTS_MAX} (default ${OPTIMIZE_DEFAULT_SHOTS}); risk comes from the exact distribution, so it does not change the ranking`),
    seed: z
      .number()
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(SEED_MAX, `must be at most ${SEED_MAX}`)
      .default(0)
      .describe("Seed of the search's move sampling and of the final runs; the same squad, pool, body and seed give the same answer (default 0)"),
  })
  .strict();
export type TOptimizeSquadBody = z.output<typeof ZOptimizeSquadBody>;

const ZOptimizeMember = z.object({ id: z.string().describe("Agent id"), name: z.string().describe("Agent name") });

export const ZSquadProposal = z.object({
  members: z.array(ZOptimizeMember).describe("The proposed membership, in order: the kept members as they stand, then the added ones"),
  added: z.array(ZOptimizeMember).describe("Agents the proposal adds"),
  removed: z.array(ZOptimizeMember).describe("Current members the proposal removes"),
  riskBefore: z.number().describe("The current squad's risk, 0–100 (as the squad analysis computes it)"),
  riskAfter: z.number().describe("The proposed squad's risk, 0–100; always strictly below riskBefore"),
  ratingAfter: z.string().describe("The proposed squad's risk level (Low, Moderate, High, Critical), as the squad analysis would answer"),
  reasons: z.array(z.string()).describe("What changes, dimension by dimension (scores and the metrics behind them)"),
});
export type TSquadProposal = z.infer<typeof ZSquadProposal>;

export const ZSquadOptimization = z.object({
  squadId: z.string(),
  current: z
    .object({
      members: z.array(ZOptimizeMember),
      risk: z.number().describe("Risk 0–100 of the squad as it stands"),
      rating: z.string().describe("Its risk level, or \"Insufficient data\" (the risk is then that of the unknowns simulated at 0.5)"),
      assessment: ZAssessment,
    })
    .describe("The squad as it stands"),
  constraints: z
    .object({
      size: z.object({ min: z.number().int(), max: z.number().int() }),
      requiredRoles: z.array(z.string()),
      keep: z.array(z.string()),
    })
    .describe("The constraints searched under, defaults filled in"),
  search: z
    .object({
      pool: z.number().int().describe("Agents outside the squad that were searched"),
      evaluations: z.number().int().describe("Memberships whose risk was computed"),
      complete: z.boolean().describe("false when the search stopped at its evaluation budget"),
    })
    .describe("How much was searched"),
  proposals: z.array(ZSquadProposal).describe("Up to maxProposals memberships with a strictly lower risk, lowest risk first; empty when none was found"),
  message: z.string().describe("A sentence summing up the answer (why the list is empty, when it is)"),
});
export type TSquadOptimization = z.infer<typeof ZSquadOptimization>;

// Schemas every part of the quantum area shares (/quantum/*, /qmetrics/finance): shots and seeds,
// backends, probabilities, the run fields every answer adds, the sandbox's answer bounds. Each
// sub-area's own request and response schemas are in its schemas.ts. Client-safe: nothing here
// touches the server (the page forms validate with the same schemas).
import { z } from "zod";
import { shotsMax } from "../config/limits";
import { readAtBuild } from "../core/primitives";

export const DEFAULT_SHOTS = 1024;
export const SEED_MAX = Number.MAX_SAFE_INTEGER;
export const QUANTUM_ENTITY_TYPES = ["agent", "squad", "syndicate", "wallet", "circuit"] as const;

const shotsMessage = () => `shots must be between 1 and ${shotsMax()}`;

// The upper bound is the server's SHOTS_MAX, read when a request is validated.
const shotsRange = (value: number, context: z.RefinementCtx) => {
  if (value > shotsMax()) context.addIssue({ code: "custom", message: shotsMessage() });
};

const SHOTS_DESCRIPTION = `Number of shots (samples), 1–SHOTS_MAX (default limit 1,000,000); default ${DEFAULT_SHOTS}`;
const SEED_DESCRIPTION = "Seed of the shot sampler, 0–2^53−1: the same input, shots and seed give the same result; drawn at random (and reported) when absent";

export const ZQueryShots = z.coerce.number().int("shots must be a whole number").min(1, { error: shotsMessage }).superRefine(shotsRange).meta({ maximum: readAtBuild(shotsMax) }).optional().describe(SHOTS_DESCRIPTION);
export const ZQuerySeed = z.coerce.number().int("seed must be a whole number").min(0, "seed must be at least 0").max(SEED_MAX, `seed must be at most ${SEED_MAX}`).optional().describe(SEED_DESCRIPTION);
export const ZBodyShots = z.number().int("shots must be a whole number").min(1, { error: shotsMessage }).superRefine(shotsRange).meta({ maximum: readAtBuild(shotsMax) }).optional().describe(SHOTS_DESCRIPTION);
export const ZBodySeed = z.number().int("seed must be a whole number").min(0, "seed must be at least 0").max(SEED_MAX, `seed must be at most ${SEED_MAX}`).optional().describe(SEED_DESCRIPTION);

export const ZId = (what: string) => z.string().min(1, `${what} is required`).max(128).describe(`The ${what}`);

export const ZProbabilities = z.record(z.string(), z.number()).describe("Probability (counts ÷ shots) per measured bitstring, qubit 0 rightmost");

// Additions beyond the contract's fields (docs/quantum-model.md): how the result can be repeated and seen.
export const RUN_ADDITIONS = {
  seed: z.number().int().describe("Addition: the seed the shots were drawn with"),
  shots: z.number().int().describe("Addition: the number of shots"),
  backend: z.string().describe("Addition: where the circuit ran (aer = the built-in simulator)"),
  histogram: z.string().describe("Addition: base64 PNG of the distribution (no data: prefix)"),
};

export const QUANTUM_BACKENDS = ["aer", "ibm_quantum"] as const;
/** The built-in simulator's backend name. */
export const AER = QUANTUM_BACKENDS[0];

/** Outcomes answered by default: the answer stays this small whatever the circuit. */
export const DEFAULT_TOP_OUTCOMES = 1024;
export const MAX_TOP_OUTCOMES = 65_536;
/** Largest register whose statevector can be asked for (2^n amplitudes in the answer). */
export const MAX_STATEVECTOR_QUBITS = 10;

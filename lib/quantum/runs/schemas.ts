// Schemas of the stored runs: GET /quantum/runs. Client-safe.
import { z } from "zod";
import { ZPageQuery } from "../../core/paging";
import { QUANTUM_ENTITY_TYPES, ZProbabilities } from "../schemas";

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

// Between the QuantumRun row and the API's run shape.
import type { Prisma } from "../../db";
import type { TQuantumRun } from "./schemas";

type StoredResult = { probabilities?: Record<string, number>; riskScore?: number | null; improvementPercent?: number | null };

export const toRun = (row: Prisma.QuantumRunGetPayload<object>): TQuantumRun => {
  const result = (row.result ?? {}) as StoredResult;
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    backend: row.backend,
    qubits: row.qubits,
    shots: row.shots,
    seed: row.seed,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    riskScore: typeof result.riskScore === "number" ? result.riskScore : null,
    improvementPercent: typeof result.improvementPercent === "number" ? result.improvementPercent : null,
    probabilities: result.probabilities ?? {},
  };
};

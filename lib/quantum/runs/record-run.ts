// Runs made with a credential are kept (QuantumRun), with who made them, so that the pages can
// chart an entity's history; runs made without one are answered but not stored. The stored
// result is the answer without its histogram, plus the numbers the charts need.
import { prisma, type QuantumEntity } from "../../db";
import type { Prisma } from "../../db";
import { recordEvent } from "../../outbox";
import { PUBLIC_KINDS } from "./rules";
import { toRun } from "./shape";

export type RunRecord = {
  /** The user who asked; without one the run is not stored. */
  userId: string | undefined;
  entityType: QuantumEntity;
  entityId: string | null;
  backend: string;
  qubits: number;
  shots: number;
  seed: number;
  durationMs: number;
  probabilities: Record<string, number>;
  riskScore?: number;
  improvementPercent?: number;
  response: Record<string, unknown>;
};

// Large registers can yield a key per shot; a stored run keeps the most probable outcomes.
const STORED_OUTCOMES = 1024;

const mostProbable = (probabilities: Record<string, number>) => {
  const entries = Object.entries(probabilities);
  if (entries.length <= STORED_OUTCOMES) return probabilities;
  return Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, STORED_OUTCOMES));
};

/** Stores the run and records quantum_run.completed, in one transaction (nothing without a user). */
export const recordRun = async (run: RunRecord) => {
  if (!run.userId) return;
  const { histogram: _histogram, counts: _counts, probabilities: _probabilities, ...response } = run.response as Record<string, unknown>;
  await prisma.$transaction(async (tx) => {
    const row = await tx.quantumRun.create({
      data: {
        entityType: run.entityType,
        entityId: run.entityId,
        userId: run.userId,
        backend: run.backend,
        qubits: run.qubits,
        shots: run.shots,
        seed: String(run.seed),
        durationMs: run.durationMs,
        result: {
          probabilities: mostProbable(run.probabilities),
          riskScore: run.riskScore ?? null,
          improvementPercent: run.improvementPercent ?? null,
          response,
        } as Prisma.InputJsonValue,
      },
    });
    // Seen by whoever may see the run in GET /quantum/runs: entity analyses by anyone, wallet and circuit runs by their user.
    await recordEvent(tx, { type: "quantum_run.completed", entityId: row.id, data: toRun(row), visibleTo: PUBLIC_KINDS.includes(row.entityType) ? null : row.userId });
  });
};

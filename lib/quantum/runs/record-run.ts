// Runs made with a credential are kept (QuantumRun), with who made them, so that the pages can
// chart an entity's history; runs made without one are answered but not stored. The stored
// result is the answer without its histogram, plus the numbers the charts need. Wallet and
// circuit runs are private: only the user who ran them and admins see them.
import { prisma, type QuantumEntity, type Role } from "../../db";
import type { Prisma } from "../../db";
import { encodeCursor } from "../../core/paging";
import { recordEvent } from "../../outbox";
import type { TQuantumRun } from "../schemas";
import type { z } from "zod";
import type { ZRunsQuery } from "../schemas";

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

type StoredResult = { probabilities?: Record<string, number>; riskScore?: number | null; improvementPercent?: number | null };

const toRun = (row: Prisma.QuantumRunGetPayload<object>): TQuantumRun => {
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

/** Who is looking at runs: a signed-in user or API key's owner, or nobody. */
export type RunViewer = { userId: string; role: Role } | null;

const PUBLIC_KINDS: QuantumEntity[] = ["agent", "squad", "syndicate"];

// Entity analyses are public like the entities; wallet and circuit runs only for their user and admins.
const visibleTo = (viewer: RunViewer): Prisma.QuantumRunWhereInput =>
  viewer?.role === "admin"
    ? {}
    : viewer
      ? { OR: [{ entityType: { in: PUBLIC_KINDS } }, { userId: viewer.userId }] }
      : { entityType: { in: PUBLIC_KINDS } };

/** Past runs the viewer may see, newest first, one page (cursor = the last run's id). */
export const listRuns = async (query: z.output<typeof ZRunsQuery>, viewer: RunViewer) => {
  const where: Prisma.QuantumRunWhereInput = {
    AND: [
      visibleTo(viewer),
      {
        ...(query.entityType ? { entityType: query.entityType } : {}),
        ...(query.entityId ? { entityId: query.entityId } : {}),
      },
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.quantumRun.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      ...(query.cursor ? { cursor: { id: query.cursor.id }, skip: 1 } : {}),
    }),
    prisma.quantumRun.count({ where }),
  ]);
  const items = rows.slice(0, query.limit).map(toRun);
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: items[items.length - 1].id }) : undefined };
};

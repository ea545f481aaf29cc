// A quantum job as a row of the job engine (its kind, its payload, the hosted backend's progress)
// and as the API answers it.
import type { Role } from "../../db";
import type { JobRow } from "../../jobs";
import { DEFAULT_SHOTS } from "../schemas";
import type { TQuantumJob, TQuantumJobBody, TQuantumJobStatus } from "./schemas";

export const QUANTUM_JOB_KIND = "quantum.circuit";

export type Payload = { body: TQuantumJobBody; qubits: number; clbits: number };
export type HostedProgress = { hostedJobId: string; submittedAt: number };

export type JobViewer = { userId: string; role: Role };

const statusOfJob = (row: JobRow): TQuantumJobStatus => row.status;

export const toQuantumJob = (row: JobRow): TQuantumJob => {
  const payload = row.payload as Payload;
  const progress = row.progress as HostedProgress | null;
  const self = `/quantum/jobs/${row.id}`;
  return {
    id: row.id,
    status: statusOfJob(row),
    backend: payload.body.backend,
    shots: payload.body.shots ?? DEFAULT_SHOTS,
    qubits: payload.qubits,
    attempts: row.attempts,
    cancelRequested: row.cancelRequested,
    hostedJobId: progress?.hostedJobId ?? null,
    error: (row.error as TQuantumJob["error"]) ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    links: { self, result: `${self}/result`, cancel: `${self}/cancel` },
  };
};

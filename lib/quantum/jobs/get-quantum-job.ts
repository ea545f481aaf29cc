// GET /quantum/jobs/{jobId} and its result: a job its owner (or an admin) may see.
import { AppError, notFound } from "../../core/errors";
import { findJob } from "../../jobs";
import type { TQuantumJobResult } from "./schemas";
import { QUANTUM_JOB_KIND, toQuantumJob, type JobViewer } from "./shape";

/** The job row, when it is a quantum job the viewer may see: 404 when there is none, 403 when it is another user's. */
export const visibleJob = async (id: string, viewer: JobViewer) => {
  const row = await findJob(id);
  if (!row || row.kind !== QUANTUM_JOB_KIND) throw notFound("Quantum job", id);
  if (row.userId !== viewer.userId && viewer.role !== "admin") {
    throw new AppError("forbidden", `Quantum job '${id}' belongs to another user; only its owner and admins see it.`);
  }
  return row;
};

export const getQuantumJob = async (id: string, viewer: JobViewer) => toQuantumJob(await visibleJob(id, viewer));

/** The result of a DONE job; 409 otherwise (with Retry-After while it is QUEUED or RUNNING). */
export const getQuantumJobResult = async (id: string, viewer: JobViewer): Promise<TQuantumJobResult> => {
  const row = await visibleJob(id, viewer);
  if (row.status === "DONE") return row.result as TQuantumJobResult;
  if (row.status === "QUEUED" || row.status === "RUNNING") {
    throw new AppError("conflict", `Quantum job '${id}' is ${row.status}; its result is not ready yet.`, { headers: { "retry-after": "2" } });
  }
  const why = row.status === "ERROR" ? `: ${(row.error as { detail?: string } | null)?.detail ?? "no detail"}` : "";
  throw new AppError("conflict", `Quantum job '${id}' ended ${row.status} and has no result${why}`);
};

// Quantum runs as jobs (docs/jobs.md): POST /quantum/jobs checks the circuit and the caller's
// quota, stores a QUEUED job and answers at once; a worker of the job engine (lib/jobs) runs it on
// the simulator pool, or submits it to the hosted backend and polls there, never in a request.
// Jobs are private: their owner and admins see them.
import { prisma, type Prisma, type Role } from "../../db";
import { AppError, notFound } from "../../core/errors";
import { encodeCursor } from "../../core/paging";
import { cancelJob, cancelledByOwner, defineJobKind, enqueueJob, findJob, jobsConfig, wakeWorkers, type JobContext, type JobRow } from "../../jobs";
import { histogramBase64 } from "../histogram";
import { backendTarget, cancelIbmJob, IBM_BACKEND, ibmJobCounts, ibmJobStatus, ibmSettings, submitIsaToIbm } from "../ibm";
import { formatDuration } from "../analyses/rules";
import { runSimulation } from "../pool";
import { runCircuit } from "../circuits/run-circuit";
import { DEFAULT_SHOTS, type TQuantumJob, type TQuantumJobBody, type TQuantumJobResult, type TQuantumJobStatus } from "../schemas";
import type { z } from "zod";
import type { ZQuantumJobsQuery } from "../schemas";

export const QUANTUM_JOB_KIND = "quantum.circuit";

type Payload = { body: TQuantumJobBody; qubits: number; clbits: number };
type HostedProgress = { hostedJobId: string; submittedAt: number };

export type JobViewer = { userId: string; role: Role };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });

const hostedFailure = (detail: string) => new AppError("unavailable", `IBM Quantum: ${detail}`);

// The hosted path: submit once (the hosted job's id is kept, so a worker that takes the job over
// after a crash polls the same hosted job instead of submitting again), poll, read the counts.
const runHosted = async ({ payload, progress, signal, saveProgress }: JobContext<Payload>): Promise<TQuantumJobResult> => {
  const settings = ibmSettings();
  const shots = payload.body.shots ?? DEFAULT_SHOTS;
  let hosted = progress as HostedProgress | null;
  if (!hosted?.hostedJobId) {
    // The submitted program is read and transpiled in the sandbox, like every submitted program.
    const target = await backendTarget(settings);
    const { qasm } = await runSimulation({ kind: "transpile", qasm: payload.body.qasm, target }, signal, "read");
    const submitted = await submitIsaToIbm(qasm, shots, settings);
    hosted = { hostedJobId: submitted.jobId, submittedAt: Date.now() };
    await saveProgress(hosted);
  }
  const { hostedJobId, submittedAt } = hosted;
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { status, reason } = await ibmJobStatus(settings, hostedJobId);
      if (status === "completed") break;
      if (status === "failed" || status === "cancelled") throw hostedFailure(`job ${hostedJobId} ${status}${reason ? `: ${reason}` : ""}.`);
      if (Date.now() + settings.pollMs > submittedAt + settings.jobTimeoutMs) {
        await cancelIbmJob(settings, hostedJobId);
        throw hostedFailure(`job ${hostedJobId} did not finish within ${settings.jobTimeoutMs} ms (last status: ${status || "unknown"}); it was cancelled.`);
      }
      await sleep(settings.pollMs, signal);
    }
  } catch (error) {
    // The owner's cancel reaches the hosted job too; a shutdown leaves it running for the next worker.
    if (cancelledByOwner(signal)) await cancelIbmJob(settings, hostedJobId);
    throw error;
  }
  const { counts, probabilities } = await ibmJobCounts(settings, hostedJobId, payload.clbits);
  return {
    qubits: payload.qubits,
    clbits: payload.clbits,
    shots,
    backend: IBM_BACKEND,
    counts,
    probabilities,
    distinctOutcomes: Object.keys(counts).length,
    otherProbability: 0,
    histogram: await histogramBase64(probabilities, { title: `Circuit on ${settings.backend}: ${payload.qubits} qubits, ${shots} shots` }),
    simulationDuration: formatDuration(Date.now() - submittedAt),
    hostedJobId,
  };
};

/** The job kind the process's worker runs for quantum jobs. */
export const quantumCircuitJob = defineJobKind<Payload, TQuantumJobResult>({
  kind: QUANTUM_JOB_KIND,
  // Private like the job itself: its owner (and admins) see these events.
  events: {
    started: (row) => ({ type: "quantum_job.started", entityId: row.id, data: { job: toQuantumJob(row) }, visibleTo: row.userId }),
    finished: (row, status) => ({ type: "quantum_job.finished", entityId: row.id, data: { status, job: toQuantumJob(row) }, visibleTo: row.userId }),
  },
  run: async (context) => {
    if (context.payload.body.backend === IBM_BACKEND) return runHosted(context);
    // The simulator, as POST /quantum/run runs it (the run is kept in /quantum/runs too).
    return runCircuit(context.payload.body, context.userId ?? undefined, context.signal);
  },
});

const statusOfJob = (row: JobRow): TQuantumJobStatus => row.status;

const toQuantumJob = (row: JobRow): TQuantumJob => {
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

/** Checks the body, the backend and the caller's quota, and queues the job. */
export const submitQuantumJob = async (body: TQuantumJobBody, viewer: JobViewer, signal?: AbortSignal): Promise<TQuantumJob> => {
  if (body.backend === IBM_BACKEND) {
    ibmSettings(); // 503 naming what is missing when the hosted backend is not configured
    const simulatorOnly = (["exact", "statevector"] as const).filter((field) => body[field]);
    if (simulatorOnly.length > 0) {
      throw new AppError("validation_failed", "exact and statevector are answered by the simulator only.", {
        errors: simulatorOnly.map((field) => ({ path: `body.${field}`, message: `${field} needs backend aer` })),
      });
    }
  }
  const limit = jobsConfig().QUANTUM_JOBS_ACTIVE_MAX;
  const active: Prisma.JobWhereInput = { userId: viewer.userId, kind: QUANTUM_JOB_KIND, status: { in: ["QUEUED", "RUNNING"] } };
  const overQuota = (count: number) =>
    new AppError("rate_limited", `You have ${count} quantum jobs queued or running (at most ${limit}); wait for one to finish or cancel one.`, {
      headers: { "retry-after": "10" },
    });
  // The quota first: a caller over it costs no reading at all.
  const before = await prisma.job.count({ where: active });
  if (before >= limit) throw overQuota(before);
  // Then the program, read in the sandbox: refused at once, with the line and column, rather than
  // as a failed job later.
  const circuit = await runSimulation({ kind: "inspect", qasm: body.qasm }, signal, "read");
  const job = await prisma.$transaction(async (tx) => {
    // One submit per user at a time, so that two racing submits cannot both pass the quota.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${viewer.userId} FOR UPDATE`;
    const now = await tx.job.count({ where: active });
    if (now >= limit) throw overQuota(now);
    const payload: Payload = { body, qubits: circuit.qubits, clbits: circuit.clbits };
    return enqueueJob({ kind: QUANTUM_JOB_KIND, payload, userId: viewer.userId }, tx);
  });
  wakeWorkers();
  return toQuantumJob(job);
};

const visibleJob = async (id: string, viewer: JobViewer) => {
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

/** Cancels a QUEUED or RUNNING job of the caller's (admins: anyone's); 409 when it has finished. */
export const cancelQuantumJob = async (id: string, viewer: JobViewer) => {
  await visibleJob(id, viewer);
  return toQuantumJob(await cancelJob(id));
};

/** The caller's own quantum jobs, newest first, one page. */
export const listQuantumJobs = async (query: z.output<typeof ZQuantumJobsQuery>, viewer: JobViewer) => {
  const where: Prisma.JobWhereInput = { userId: viewer.userId, kind: QUANTUM_JOB_KIND, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    prisma.job.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      ...(query.cursor ? { cursor: { id: query.cursor.id }, skip: 1 } : {}),
    }),
    prisma.job.count({ where }),
  ]);
  const items = rows.slice(0, query.limit).map(toQuantumJob);
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: items[items.length - 1].id }) : undefined };
};

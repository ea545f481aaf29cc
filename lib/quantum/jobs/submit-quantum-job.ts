// POST /quantum/jobs: the body, the backend and the caller's quota checked, the program read in the
// sandbox, then the job queued (docs/jobs.md).
import { prisma, type Prisma } from "../../db";
import { AppError } from "../../core/errors";
import { enqueueJob, jobsConfig, wakeWorkers } from "../../jobs";
import { IBM_BACKEND, ibmSettings } from "../ibm";
import { runSimulation } from "../pool";
import type { TQuantumJob, TQuantumJobBody } from "./schemas";
import { QUANTUM_JOB_KIND, toQuantumJob, type JobViewer, type Payload } from "./shape";

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
  const circuit = await runSimulation({ kind: "inspect", qasm: body.qasm, parameters: body.parameters }, signal, "read");
  // What the hosted backend is sent is the circuit's gates and final measurements: a dynamic one
  // would lose its conditions there, so it stays with the simulator.
  if (body.backend === IBM_BACKEND && circuit.dynamic) {
    const message = "backend ibm_quantum takes circuits measured at the end; this one measures, resets or branches mid-circuit (run it with backend aer)";
    throw new AppError("validation_failed", "This program needs the simulator.", { errors: [{ path: "body.qasm", message }] });
  }
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

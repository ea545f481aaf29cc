// Schemas of quantum jobs: POST /quantum/jobs and the job's status, result and cancel. Client-safe.
import { z } from "zod";
import { ZPageQuery } from "../../core/paging";
import { ZRunCircuitBody, ZRunCircuitResult } from "../circuits/schemas";
import { QUANTUM_BACKENDS } from "../schemas";

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

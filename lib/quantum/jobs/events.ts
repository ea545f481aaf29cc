// Events of quantum jobs (docs/events.md), recorded by the job engine (lib/jobs) with the job's
// status update, private to the job's owner (the user who asked for it). Client-safe.
import { z } from "zod";
import { ZJobOutcome, type EventDefinition } from "../../outbox/catalog";
import { ZQuantumJob } from "./schemas";

export const QUANTUM_JOB_EVENTS: EventDefinition[] = [
  {
    type: "quantum_job.started",
    entityType: "quantum_job",
    summary: "A worker started a quantum job (its first claim; a retry does not start it again).",
    data: z.object({ job: ZQuantumJob.describe("The job as GET /quantum/jobs/{id} answers it") }),
    visibility: "private",
  },
  {
    type: "quantum_job.finished",
    entityType: "quantum_job",
    summary: "A quantum job ended: done, failed or cancelled (its result is at job.links.result when DONE).",
    data: z.object({ status: ZJobOutcome, job: ZQuantumJob.describe("The job as GET /quantum/jobs/{id} answers it") }),
    visibility: "private",
  },
];

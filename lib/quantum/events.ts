// The quantum area's events (docs/events.md); listed in the catalog by lib/events/catalog.ts.
// Client-safe. The job events are recorded by the job engine (lib/jobs) with the job's status
// update, private to the job's owner (the user who asked for it).
import { z } from "zod";
import { ZJobOutcome, type EventDefinition } from "../outbox/catalog";
import { ZQuantumJob, ZQuantumRun } from "./schemas";

export const QUANTUM_EVENTS: EventDefinition[] = [
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
  {
    type: "quantum_run.completed",
    entityType: "quantum_run",
    summary: "A quantum analysis or circuit run was stored (GET /quantum/runs lists it).",
    data: ZQuantumRun,
    visibility: "owner-if-any",
  },
];

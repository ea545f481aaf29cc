// API operations of quantum jobs (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import type { TQuantumJob, TQuantumJobBody, TQuantumJobResult } from "./schemas";
import { ZQuantumJob, ZQuantumJobBody, ZQuantumJobParams, ZQuantumJobResult, ZQuantumJobsQuery } from "./schemas";
import { EXAMPLE_BELL_QASM, EXAMPLE_BELL_RESULT } from "../examples";

// The document's examples: a Bell state queued on the simulator and run to DONE, and a longer
// 22-qubit job cancelled while it runs (the histogram is a stand-in PNG).
const JOB_ID = "cmhg7q2v80003l508x9k4d2ze";
const LONG_JOB_ID = "cmhg7t5m20007l508p4w6r1hc";
const linksOf = (id: string) => ({ self: `/quantum/jobs/${id}`, result: `/quantum/jobs/${id}/result`, cancel: `/quantum/jobs/${id}/cancel` });
const JOB_BODY_EXAMPLE: TQuantumJobBody = {
  qasm: EXAMPLE_BELL_QASM,
  shots: 1024,
  seed: 42,
  backend: "aer",
};
const QUEUED_JOB: TQuantumJob = {
  id: JOB_ID,
  status: "QUEUED",
  backend: "aer",
  shots: 1024,
  qubits: 2,
  attempts: 0,
  cancelRequested: false,
  hostedJobId: null,
  error: null,
  createdAt: "2026-11-01T09:30:00.000Z",
  startedAt: null,
  finishedAt: null,
  links: linksOf(JOB_ID),
};
const DONE_JOB: TQuantumJob = { ...QUEUED_JOB, status: "DONE", attempts: 1, startedAt: "2026-11-01T09:30:00.412Z", finishedAt: "2026-11-01T09:30:00.468Z" };
const CANCELLING_JOB: TQuantumJob = {
  ...QUEUED_JOB,
  id: LONG_JOB_ID,
  status: "RUNNING",
  shots: 100000,
  qubits: 22,
  attempts: 1,
  cancelRequested: true,
  createdAt: "2026-11-01T09:31:05.000Z",
  startedAt: "2026-11-01T09:31:05.390Z",
  links: linksOf(LONG_JOB_ID),
};
const JOB_RESULT_EXAMPLE: TQuantumJobResult = EXAMPLE_BELL_RESULT;

export const submitQuantumJobOperation = defineOperation({
  method: "POST",
  path: "/quantum/jobs",
  operationId: "submitQuantumJob",
  summary: "Submit a circuit as a job (the simulator or the hosted backend): answered at once, 202 with Location; poll the job, then read its result",
  description:
    "Checks the body as `POST /quantum/run` does (plus `backend`) and reads the program once, so a program that does not parse or passes a reading limit is refused now, not as a failed job later; `exact` and `statevector` need `backend: \"aer\"`. A user may have at most `QUANTUM_JOBS_ACTIVE_MAX` (default 5) jobs QUEUED or RUNNING. Poll `GET /quantum/jobs/{jobId}` (the owner also gets `quantum_job.started` and `quantum_job.finished` events), then read `GET /quantum/jobs/{jobId}/result` once it is DONE.",
  example: { body: JOB_BODY_EXAMPLE, response: QUEUED_JOB },
  tags: ["Quantum"],
  access: "credential",
  agentRoles: ["Builder", "Scout"],
  body: ZQuantumJobBody,
  responses: { 202: { description: "The job, QUEUED; Location names it", schema: ZQuantumJob } },
  errors: {
    429: "Too many of your jobs are queued or running (QUANTUM_JOBS_ACTIVE_MAX); Retry-After says when to try again",
    503: "backend ibm_quantum is not configured on this server",
  },
});

export const listQuantumJobsOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs",
  operationId: "listQuantumJobs",
  summary: "Your quantum jobs, newest first (paged; filter by status)",
  description:
    "Only the caller's own jobs (an admin, too, sees only their own here), newest first by creation time; `status` keeps the jobs in one status. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { status: "DONE", limit: "20" }, response: [DONE_JOB] },
  tags: ["Quantum"],
  access: "credential",
  query: ZQuantumJobsQuery,
  paged: true,
  responses: { 200: { description: "One page of jobs", schema: z.array(ZQuantumJob) } },
});

export const getQuantumJobOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs/{jobId}",
  operationId: "getQuantumJob",
  summary: "A quantum job's status (QUEUED, RUNNING, DONE, ERROR, CANCELLED); its owner's and admins' only",
  description:
    "The job as its worker has left it: `status`, `attempts`, whether a cancel was asked, the hosted backend's job id once submitted there, the problem of a failed attempt in `error`, its times, and `links` to its result and cancel. Poll it until the status is DONE, ERROR or CANCELLED; only the job's owner and admins may read it.",
  example: { params: { jobId: JOB_ID }, response: DONE_JOB },
  tags: ["Quantum"],
  access: "credential",
  params: ZQuantumJobParams,
  responses: { 200: { description: "The job", schema: ZQuantumJob } },
  errors: { 403: "The job belongs to another user", 404: "No quantum job with that id" },
});

export const getQuantumJobResultOperation = defineOperation({
  method: "GET",
  path: "/quantum/jobs/{jobId}/result",
  operationId: "getQuantumJobResult",
  summary: "A DONE job's result: counts, probabilities and a histogram, as POST /quantum/run answers",
  description:
    "The answer of a DONE job, field for field what `POST /quantum/run` answers; a job run on IBM Quantum adds `hostedJobId` and has no `seed`. Asked while the job is QUEUED or RUNNING it is refused with `Retry-After: 2`; a job that ended ERROR or CANCELLED has no result (its `error` says why it failed). A simulator job's run is also kept in `GET /quantum/runs`.",
  example: { params: { jobId: JOB_ID }, response: JOB_RESULT_EXAMPLE },
  tags: ["Quantum"],
  access: "credential",
  params: ZQuantumJobParams,
  responses: { 200: { description: "The result", schema: ZQuantumJobResult } },
  errors: {
    403: "The job belongs to another user",
    404: "No quantum job with that id",
    409: "The job has no result: QUEUED or RUNNING (Retry-After says when to look again), ERROR or CANCELLED",
  },
});

export const cancelQuantumJobOperation = defineOperation({
  method: "POST",
  path: "/quantum/jobs/{jobId}/cancel",
  operationId: "cancelQuantumJob",
  summary: "Cancel a QUEUED or RUNNING job: a queued job ends at once, a running simulation or hosted job is stopped",
  description:
    "A QUEUED job becomes CANCELLED at once. A RUNNING one is answered still RUNNING with `cancelRequested: true`: its worker stops the simulation (or cancels the hosted IBM Quantum job) and then marks it CANCELLED, usually a moment later, so poll the job to see the end. A job that has already finished cannot be cancelled; only its owner and admins may cancel it.",
  example: { params: { jobId: LONG_JOB_ID }, response: CANCELLING_JOB },
  tags: ["Quantum"],
  access: "credential",
  agentRoles: ["Builder", "Scout", "Healer"],
  params: ZQuantumJobParams,
  responses: { 200: { description: "The job after the request: CANCELLED, or RUNNING with cancelRequested until its worker stops it", schema: ZQuantumJob } },
  errors: { 403: "The job belongs to another user", 404: "No quantum job with that id", 409: "The job has already finished" },
});

// API operations of quantum jobs (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZQuantumJob, ZQuantumJobBody, ZQuantumJobParams, ZQuantumJobResult, ZQuantumJobsQuery } from "./schemas";

export const submitQuantumJobOperation = defineOperation({
  method: "POST",
  path: "/quantum/jobs",
  operationId: "submitQuantumJob",
  summary: "Submit a circuit as a job (the simulator or the hosted backend): answered at once, 202 with Location; poll the job, then read its result",
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
  tags: ["Quantum"],
  access: "credential",
  agentRoles: ["Builder", "Scout", "Healer"],
  params: ZQuantumJobParams,
  responses: { 200: { description: "The job after the request: CANCELLED, or RUNNING with cancelRequested until its worker stops it", schema: ZQuantumJob } },
  errors: { 403: "The job belongs to another user", 404: "No quantum job with that id", 409: "The job has already finished" },
});

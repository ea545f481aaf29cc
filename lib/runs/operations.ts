// API operations of the runs area (docs/agents-at-work.md), gathered into the OpenAPI document by the
// HTTP layer. The run protocol is for agent credentials (access "agent"): an agent claims and reports
// its own work. Operators read runs and approvals, cancel runs and decide approvals.
import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
  ZApproval,
  ZApprovalListQuery,
  ZApprovalParams,
  ZClaim,
  ZClaimQuery,
  ZCompleteBody,
  ZDecisionBody,
  ZFailBody,
  ZReleaseBody,
  ZHeartbeat,
  ZRequestApprovalBody,
  ZRun,
  ZRunDetails,
  ZRunListQuery,
  ZRunParams,
  ZStepsAnswer,
  ZStepsBody,
} from "./schemas";

const TAGS = ["Runs"];
const notOpen = "The run is no longer open (completed, failed, released, lost or cancelled): stop working on it";

export const claimRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/claim",
  operationId: "claimRun",
  summary: "Claim the agent's next task (a long poll): its run starts and the task moves to in_progress",
  tags: TAGS,
  access: "agent",
  query: ZClaimQuery,
  responses: {
    200: { description: "A task was claimed: its new run, the task, and the lease to keep with heartbeats", schema: ZClaim },
    204: { description: "No task came within the wait: ask again" },
  },
});

export const heartbeatRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/heartbeat",
  operationId: "heartbeatRun",
  summary: "Extend the run's lease; learn of a cancel or an approval's decision",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  responses: { 200: { description: "The run's state: go on or stop, its lease, its latest approval", schema: ZHeartbeat } },
  errors: { 404: "No run of this agent with that id" },
});

export const appendRunStepsOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/steps",
  operationId: "appendRunSteps",
  summary: "Append steps to the run's trace (a batch, in order); extends the lease",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  body: ZStepsBody,
  responses: { 201: { description: "What was stored; steps past the trace's bound are refused and counted", schema: ZStepsAnswer } },
  errors: { 404: "No run of this agent with that id", 409: notOpen },
});

export const requestRunApprovalOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/approvals",
  operationId: "requestRunApproval",
  summary: "Pause the run for a person's decision (awaiting_approval)",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  body: ZRequestApprovalBody,
  responses: { 201: { description: "The pending approval; its decision comes with a heartbeat", schema: ZApproval } },
  errors: { 404: "No run of this agent with that id", 409: `${notOpen}; or it already awaits a decision` },
});

export const completeRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/complete",
  operationId: "completeRun",
  summary: "End the run with a result: the task completes, its metrics filled from the run",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  body: ZCompleteBody,
  responses: { 200: { description: "The completed run", schema: ZRun } },
  errors: { 404: "No run of this agent with that id", 409: `${notOpen}; or it awaits a decision` },
});

export const failRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/fail",
  operationId: "failRun",
  summary: "End the run with an error: the task fails",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  body: ZFailBody,
  responses: { 200: { description: "The failed run", schema: ZRun } },
  errors: { 404: "No run of this agent with that id", 409: notOpen },
});

export const releaseRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/release",
  operationId: "releaseRun",
  summary: "Hand the run back unfinished (shutting down): the task is offered again at once",
  tags: TAGS,
  access: "agent",
  params: ZRunParams,
  body: ZReleaseBody,
  responses: { 200: { description: "The released run", schema: ZRun } },
  errors: { 404: "No run of this agent with that id", 409: notOpen },
});

export const cancelRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/{runId}/cancel",
  operationId: "cancelRun",
  summary: "Cancel a run and its task; the agent sees it on its next heartbeat",
  tags: TAGS,
  access: "operator",
  params: ZRunParams,
  responses: { 200: { description: "The cancelled run", schema: ZRun } },
  errors: { 404: "No run with that id", 409: "The run already ended" },
});

export const listRunsOperation = defineOperation({
  method: "GET",
  path: "/api/runs",
  operationId: "listRuns",
  summary: "List runs, filtered by agent, squad, task and status",
  tags: TAGS,
  access: "credential",
  query: ZRunListQuery,
  paged: true,
  responses: { 200: { description: "One page of runs, oldest claim first", schema: z.array(ZRun) } },
});

export const getRunOperation = defineOperation({
  method: "GET",
  path: "/api/runs/{runId}",
  operationId: "getRun",
  summary: "Read a run with its trace, approvals and task",
  tags: TAGS,
  access: "credential",
  params: ZRunParams,
  responses: { 200: { description: "The run, its steps in order, its approvals and its task", schema: ZRunDetails } },
  errors: { 404: "No run with that id (with an agent credential: none of this agent's)" },
});

export const listApprovalsOperation = defineOperation({
  method: "GET",
  path: "/api/approvals",
  operationId: "listApprovals",
  summary: "The approvals inbox: runs' requests, filtered by status and agent",
  tags: TAGS,
  access: "credential",
  query: ZApprovalListQuery,
  paged: true,
  responses: { 200: { description: "One page of approval requests, oldest first", schema: z.array(ZApproval) } },
});

export const getApprovalOperation = defineOperation({
  method: "GET",
  path: "/api/approvals/{approvalId}",
  operationId: "getApproval",
  summary: "Read an approval request and its decision",
  tags: TAGS,
  access: "credential",
  params: ZApprovalParams,
  responses: { 200: { description: "The approval", schema: ZApproval } },
  errors: { 404: "No approval with that id (with an agent credential: none of this agent's runs)" },
});

export const decideApprovalOperation = defineOperation({
  method: "POST",
  path: "/api/approvals/{approvalId}/decision",
  operationId: "decideApproval",
  summary: "Approve or reject a run's request; the run goes on and the agent learns the decision",
  tags: TAGS,
  access: "operator",
  params: ZApprovalParams,
  body: ZDecisionBody,
  responses: { 200: { description: "The decided approval", schema: ZApproval } },
  errors: { 404: "No approval with that id", 409: "Already decided, or its run ended" },
});

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
import type { TApproval, TClaim, THeartbeat, TRun, TRunDetails, TStep, TStepsAnswer } from "./schemas";
import type { TTask } from "../tasks/schemas";

// The document's examples: agent yield-scout-7 claims a task of its squad, reports three steps, asks
// leave to assign a rebalance, is approved and completes (the endings and the cancel are the
// alternatives of the same run). Times follow one another; the user is the deciding operator.
const AGENT_ID = "yield-scout-7";
const RUN_ID = "run_0mvxmprk0a4c19e3f27b8";
const APPROVAL_ID = "apr_0mvxmr9kg5d02b7e9c4a1";
const OPERATOR_ID = "5f0c2a9e-3b1d-4c7e-9a21-6d8e4b0f7c13";
const TASK_EXAMPLE: TTask = {
  id: "scan-lending-rates-42",
  description: "Compare USDC lending rates on Aave v3 and Compound; propose a rebalance when the spread exceeds 0.5 points",
  status: "in_progress",
  dueDate: "2026-11-01T12:00:00.000Z",
  assignedEntity: { type: "Squad", id: "treasury-squad" },
  metadata: { priority: "high", requiredRole: "Scout", requiredSkills: ["rate comparison"] },
  taskMetrics: { estimatedDuration: 0.25, costEstimate: 0.05 },
  overdue: false,
};
const RESULT_EXAMPLE = {
  summary: "Aave v3 pays 0.81 points more on USDC than Compound; rebalance task rebalance-usdc-43 assigned to the squad's Builder",
  data: { aaveSupplyApy: 5.12, compoundSupplyApy: 4.31, spread: 0.81, followUpTaskId: "rebalance-usdc-43" },
};
const RUN_EXAMPLE: TRun = {
  id: RUN_ID,
  taskId: TASK_EXAMPLE.id,
  agentId: AGENT_ID,
  attempt: 1,
  status: "running",
  claimableAt: "2026-11-01T09:12:00.000Z",
  claimedAt: "2026-11-01T09:30:00.000Z",
  leaseExpiresAt: "2026-11-01T09:31:00.000Z",
  lastHeartbeatAt: "2026-11-01T09:30:00.000Z",
  finishedAt: null,
  result: null,
  error: null,
  usage: { tokens: 0, cost: 0 },
  stepCount: 0,
  droppedSteps: 0,
  cancelledBy: null,
  engineId: null,
};
/** The run after its three steps (09:30:45), where the endings other than completion start from. */
const RUN_WITH_STEPS: TRun = { ...RUN_EXAMPLE, leaseExpiresAt: "2026-11-01T09:31:45.000Z", lastHeartbeatAt: "2026-11-01T09:30:45.000Z", usage: { tokens: 1840, cost: 0.0011 }, stepCount: 3 };
const COMPLETED_RUN: TRun = {
  ...RUN_EXAMPLE,
  status: "completed",
  leaseExpiresAt: "2026-11-01T09:34:20.000Z",
  lastHeartbeatAt: "2026-11-01T09:34:30.000Z",
  finishedAt: "2026-11-01T09:34:30.000Z",
  result: RESULT_EXAMPLE,
  usage: { tokens: 2260, cost: 0.0014 },
  stepCount: 5,
};
const COMPLETE_BODY: z.input<typeof ZCompleteBody> = { summary: RESULT_EXAMPLE.summary, data: RESULT_EXAMPLE.data, usage: { tokens: 420, cost: 0.0003 } };
const FAIL_BODY: z.input<typeof ZFailBody> = { errorClass: "ToolError", message: "getSquadDetails answered 503 three times in a row", usage: { tokens: 310, cost: 0.0002 } };
const RELEASE_BODY: z.input<typeof ZReleaseBody> = { reason: "Shutting down (SIGTERM): the grace period ran out" };
const STEPS_BODY: z.input<typeof ZStepsBody> = {
  steps: [
    { kind: "tool_call", text: "Reading the treasury squad", data: { tool: "getSquadDetails", arguments: { squadId: "treasury-squad" } } },
    { kind: "tool_result", data: { status: 200, members: 4 } },
    { kind: "message", text: "Aave v3 pays 5.12% on USDC, Compound 4.31%: a 0.81 point spread", tokens: 1840, cost: 0.0011 },
  ],
};
const APPROVAL_BODY: z.input<typeof ZRequestApprovalBody> = {
  summary: "Assign a rebalance to the squad's Builder: move 250,000 USDC from Compound to Aave v3",
  tool: "assignTask",
  details: { taskId: "rebalance-usdc-43", asset: "USDC", amount: "250000", from: "Compound", to: "Aave v3" },
};
const DECISION_BODY: z.input<typeof ZDecisionBody> = { decision: "approved", comment: "Go ahead; keep 10% on Compound" };
const PENDING_APPROVAL: TApproval = {
  id: APPROVAL_ID,
  runId: RUN_ID,
  agentId: AGENT_ID,
  taskId: TASK_EXAMPLE.id,
  tool: APPROVAL_BODY.tool ?? null,
  summary: APPROVAL_BODY.summary,
  details: APPROVAL_BODY.details,
  status: "pending",
  requestedAt: "2026-11-01T09:31:10.000Z",
  decidedAt: null,
  decidedBy: null,
  comment: null,
};
const APPROVED_APPROVAL: TApproval = { ...PENDING_APPROVAL, status: "approved", decidedAt: "2026-11-01T09:33:05.000Z", decidedBy: OPERATOR_ID, comment: DECISION_BODY.comment ?? null };
const STEPS_EXAMPLE: TStep[] = [
  ...STEPS_BODY.steps.map((step, index) => ({ ...step, seq: index + 1, at: "2026-11-01T09:30:45.000Z" })),
  { seq: 4, kind: "approval_request", at: "2026-11-01T09:31:10.000Z", text: APPROVAL_BODY.summary, data: { approvalId: APPROVAL_ID, tool: "assignTask" } },
  { seq: 5, kind: "approval_decision", at: "2026-11-01T09:33:05.000Z", text: "approved: Go ahead; keep 10% on Compound", data: { approvalId: APPROVAL_ID, decision: "approved" } },
];
const RUN_DETAILS_EXAMPLE: TRunDetails = {
  ...COMPLETED_RUN,
  task: {
    ...TASK_EXAMPLE,
    status: "completed",
    taskMetrics: { ...TASK_EXAMPLE.taskMetrics, actualDuration: 0.075, actualCost: 0.0014, resourceUsage: 2260 },
    result: { ...RESULT_EXAMPLE, finishedAt: "2026-11-01T09:34:30.000Z" },
  },
  steps: STEPS_EXAMPLE,
  approvals: [APPROVED_APPROVAL],
};
const CLAIM_EXAMPLE: TClaim = { run: RUN_EXAMPLE, task: TASK_EXAMPLE, leaseSeconds: 60, heartbeatSeconds: 20 };
const HEARTBEAT_EXAMPLE: THeartbeat = { status: "running", continue: true, leaseExpiresAt: "2026-11-01T09:34:20.000Z", approval: APPROVED_APPROVAL };
const STEPS_ANSWER_EXAMPLE: TStepsAnswer = { stored: 3, dropped: 0, stepCount: 3, truncated: false };
const RUN_PARAMS = { runId: RUN_ID };
const APPROVAL_PARAMS = { approvalId: APPROVAL_ID };

const TAGS = ["Runs"];
const notOpen = "The run is no longer open (completed, failed, released, lost or cancelled): stop working on it";

export const claimRunOperation = defineOperation({
  method: "POST",
  path: "/api/runs/claim",
  operationId: "claimRun",
  summary: "Claim the agent's next task (a long poll): its run starts and the task moves to in_progress",
  description:
    "Gives the calling agent its next task and starts a run on it: a task assigned to the agent, to its squad or to its syndicate, whose required role and skills its roles have, the longest-claimable first (for its first `RUN_OFFER_PREFERENCE_SECONDS`, 10 by default, a group's task is kept for its best-matching live member). The task moves to `in_progress` and `run.started` is emitted. With nothing to claim the call waits up to `wait` seconds (0–30, default 30) and answers 204: ask again. Keep the run with a heartbeat every `heartbeatSeconds`; every claim, even an empty one, counts as the agent's contact, and its figures are measured from then on.",
  example: { query: { wait: "30" }, response: CLAIM_EXAMPLE },
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
  description:
    "Extends an open run's lease to `RUN_LEASE_SECONDS` (60 by default) from now and answers its `status`, whether to go on (`continue`) and its latest approval request with the decision once made. `continue: false` means stop: an operator cancelled the run, its lease ran out (lost) or it has ended; such a heartbeat is answered, not refused. Heartbeat every `heartbeatSeconds` from the claim, also while the run awaits a decision.",
  example: { params: RUN_PARAMS, response: HEARTBEAT_EXAMPLE },
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
  description:
    "Appends 1–100 steps (`message`, `log`, `tool_call`, `tool_result`, `error`) to an open run's trace, numbered on from its last `seq`, adds their tokens and cost to the run's `usage`, and extends the lease as a heartbeat does. The trace is bounded (`RUN_MAX_STEPS` steps, 1,000 by default, and `RUN_MAX_TRACE_BYTES` of text and data, 1 MiB): a batch is stored in order up to the bound, the rest is refused and counted in `dropped`, and `truncated` says the trace is full; nothing stored is lost. A batch with stored steps emits one `run.step` event.",
  example: { params: RUN_PARAMS, body: STEPS_BODY, response: STEPS_ANSWER_EXAMPLE },
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
  description:
    "Moves a `running` run to `awaiting_approval` and files a `pending` request (what the agent asks leave to do, optionally the `tool` it would call and its `details`) in the approvals inbox; the trace gets an `approval_request` step, the lease is extended and `run.approval_requested` is emitted. A run has one request at a time. Keep heartbeating while you wait: the heartbeat carries the decision once an operator makes it (or read `GET /api/approvals/{approvalId}`); meanwhile the run may fail but not complete.",
  example: { params: RUN_PARAMS, body: APPROVAL_BODY, response: PENDING_APPROVAL },
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
  description:
    "Ends a `running` run `completed` with its result (`summary`, optional `data` object of at most 16 KiB) and adds `usage` not already reported with steps. In the same transaction the task moves to `completed` with the run's result, its `taskMetrics` are filled from the run (`actualDuration`: hours since the claim, `actualCost`: the run's cost, `resourceUsage`: its tokens), the agent's measured figures are recomputed and `run.completed` is emitted. A run awaiting a decision cannot complete until it is decided.",
  example: { params: RUN_PARAMS, body: COMPLETE_BODY, response: COMPLETED_RUN },
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
  description:
    "Ends an open run `failed` with an `errorClass` and `message` and adds `usage` not already reported with steps; the task fails with the result `<errorClass>: <message>`, its `taskMetrics` filled from the run as on completion, and is not offered again. A run awaiting a decision may fail: its pending request is closed as rejected, with no decider. The failure counts in the agent's error rate; `run.failed` is emitted.",
  example: { params: RUN_PARAMS, body: FAIL_BODY, response: { ...RUN_WITH_STEPS, status: "failed", lastHeartbeatAt: "2026-11-01T09:31:05.000Z", finishedAt: "2026-11-01T09:31:05.000Z", error: { errorClass: FAIL_BODY.errorClass, message: FAIL_BODY.message }, usage: { tokens: 2150, cost: 0.0013 } } },
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
  description:
    "Ends an open run `released` at once (its error class `HandedBack`, the `reason` as its message) instead of letting its lease run out, and offers the task again: it goes back to `assigned` and waiting claims are woken, unless the task has had `RUN_MAX_ATTEMPTS` runs (3 by default), when it fails. A hand-back counts as an attempt but in neither of the agent's rates; a pending approval request is closed as rejected. Emits `run.released`; an agent shutting down calls this for the task in hand.",
  example: { params: RUN_PARAMS, body: RELEASE_BODY, response: { ...RUN_WITH_STEPS, status: "released", lastHeartbeatAt: "2026-11-01T09:31:05.000Z", finishedAt: "2026-11-01T09:31:05.000Z", error: { errorClass: "HandedBack", message: RELEASE_BODY.reason ?? "" } } },
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
  description:
    "Ends an open run (`running` or `awaiting_approval`) `cancelled`, recording the operator in `cancelledBy`, and cancels its task: the operator stopped the work, so the task is not offered again. A pending approval request is closed as rejected; the agent reads `continue: false` on its next heartbeat and any later step or ending of the run is refused (a hosted run stops before its next model or tool call). Emits `run.cancelled`; a cancel counts in neither of the agent's rates.",
  example: { params: RUN_PARAMS, response: { ...RUN_WITH_STEPS, status: "cancelled", finishedAt: "2026-11-01T09:31:05.000Z", cancelledBy: OPERATOR_ID } },
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
  description:
    "Runs without their traces, oldest claim first. Filters combine: `agentId`, `squadId` (runs of the squad's current members), `taskId` and `status`; with an agent credential only the agent's own runs are listed, whatever `agentId` says. Read one run with its trace at `GET /api/runs/{runId}`. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { agentId: AGENT_ID, status: "completed", limit: "20" }, response: [COMPLETED_RUN] },
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
  description:
    "The run with its whole trace (`steps` in `seq` order, the approval steps the service adds among them), its approval requests, oldest first, and its task as it is now (without the task's status history). An agent credential reads only its own agent's runs.",
  example: { params: RUN_PARAMS, response: RUN_DETAILS_EXAMPLE },
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
  description:
    "Approval requests in the order they were made, oldest first; `status=pending` is the inbox of requests waiting for an operator. `agentId` keeps one agent's requests; with an agent credential only the agent's own are listed. Decide one with `POST /api/approvals/{approvalId}/decision`. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { status: "pending", limit: "50" }, response: [PENDING_APPROVAL] },
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
  description:
    "One approval request: what the agent asked (`summary`, `tool`, `details`), its `status`, and once decided when, by whom (the operator's user id in `decidedBy`) and with what `comment`. A request closed because its run ended first is `rejected` with no decider. An agent credential reads only requests of its own runs; an agent may read this instead of waiting for its next heartbeat.",
  example: { params: APPROVAL_PARAMS, response: APPROVED_APPROVAL },
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
  description:
    "Approves or rejects a `pending` request, with an optional `comment` told to the agent. Either way the run goes back from `awaiting_approval` to `running` with a fresh lease (a rejection means: go on without it), its trace gets an `approval_decision` step and `run.approval_decided` is emitted; the agent reads the decision on its next heartbeat, and a hosted run is queued to resume. A request is decided once, and only while its run still waits for it.",
  example: { params: APPROVAL_PARAMS, body: DECISION_BODY, response: APPROVED_APPROVAL },
  tags: TAGS,
  access: "operator",
  params: ZApprovalParams,
  body: ZDecisionBody,
  responses: { 200: { description: "The decided approval", schema: ZApproval } },
  errors: { 404: "No approval with that id", 409: "Already decided, or its run ended" },
});

// Run schemas (docs/agents-at-work.md): the protocol's bodies and answers, the run list's query, the
// run, its steps and approvals as the API answers them. Client-safe.
import { z } from "zod";
import { ZPageQuery } from "../core/paging";
import { ZTask } from "../tasks/schemas";
import { CLAIM_WAIT_MAX_SECONDS } from "./config";
import { APPROVAL_STATUSES, RUN_STATUSES, STEP_KINDS } from "./status-machine";

export const ZRunStatus = z.enum(RUN_STATUSES, { error: `must be one of ${RUN_STATUSES.join(", ")}` }).describe("Run status");
export const ZStepKind = z.enum(STEP_KINDS, { error: `must be one of ${STEP_KINDS.join(", ")}` }).describe("What the step is");
export const ZApprovalStatus = z.enum(APPROVAL_STATUSES).describe("pending until an operator decides");

const ZId = (what: string) =>
  z.string({ error: "must be a string" }).min(1, "must not be empty").max(128, "must be at most 128 characters").regex(/^[A-Za-z0-9._-]*$/, "may only contain letters, digits, '-', '_' and '.'").describe(what);

export const ZRunParams = z.object({ runId: ZId("Run id") });
export const ZApprovalParams = z.object({ approvalId: ZId("Approval id") });

const text = (max: number, what: string) =>
  z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`).describe(what);

/** The most a step's, a result's or an approval's JSON may weigh. */
export const JSON_MAX_BYTES = 65_536;
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const ZJson = (what: string) =>
  z
    .unknown()
    .refine((value) => value !== undefined && jsonBytes(value) <= JSON_MAX_BYTES, `must be JSON of at most ${JSON_MAX_BYTES} bytes`)
    .describe(`${what} (any JSON, at most ${JSON_MAX_BYTES} bytes)`);

const ZTokens = z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be 0 or more").max(1e9, "must be at most 1,000,000,000");
const ZCost = z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(1e6, "must be at most 1,000,000").describe("In USD");

export const ZUsage = z
  .object({ tokens: ZTokens.optional().describe("Tokens (or units the agent counts) used"), cost: ZCost.optional() })
  .describe("Usage not already reported with steps");

export const ZClaimQuery = z.object({
  wait: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 or more")
    .max(CLAIM_WAIT_MAX_SECONDS, `must be at most ${CLAIM_WAIT_MAX_SECONDS}`)
    .default(CLAIM_WAIT_MAX_SECONDS)
    .describe(`Seconds to wait for work when there is none yet (a long poll), 0–${CLAIM_WAIT_MAX_SECONDS}`),
});

export const ZStepInput = z.object({
  kind: ZStepKind.exclude(["approval_request", "approval_decision"], { error: "must be one of message, log, tool_call, tool_result, error (approvals have their own requests)" }),
  text: z.string({ error: "must be a string" }).max(100_000, "must be at most 100,000 characters").optional().describe("What the step says"),
  data: ZJson("Structured content: a tool call's name and arguments, a result").optional(),
  tokens: ZTokens.optional(),
  cost: ZCost.optional(),
});
export type TStepInput = z.infer<typeof ZStepInput>;

export const STEPS_PER_CALL_MAX = 100;
export const ZStepsBody = z.object({
  steps: z.array(ZStepInput, { error: "must be an array of steps" }).min(1, "must hold at least one step").max(STEPS_PER_CALL_MAX, `at most ${STEPS_PER_CALL_MAX} steps per call`),
});

export const ZRequestApprovalBody = z.object({
  summary: text(2_000, "What the agent asks leave to do, in words"),
  tool: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional().describe("The operation (operationId) it would call"),
  details: ZJson("The call's arguments or anything the operator should see").optional(),
});

export const ZDecisionBody = z.object({
  decision: z.enum(["approved", "rejected"], { error: "must be approved or rejected" }),
  comment: z.string({ error: "must be a string" }).trim().max(2_000, "must be at most 2000 characters").optional().describe("Told to the agent with the decision"),
});

export const ZCompleteBody = z.object({
  summary: text(2_000, "What came of the task, in words"),
  data: z.record(z.string(), z.unknown(), { error: "must be a JSON object" }).refine((value) => jsonBytes(value) <= 16_384, "must be at most 16384 bytes as JSON").optional().describe("Structured details (a JSON object)"),
  usage: ZUsage.optional(),
});

export const ZFailBody = z.object({
  errorClass: text(100, "The kind of error, e.g. TimeoutError, ToolError"),
  message: text(2_000, "What went wrong"),
  usage: ZUsage.optional(),
});

export const ZReleaseBody = z.object({
  reason: text(2_000, "Why the agent hands the task back, e.g. shutting down").optional(),
});

export const ZRunListQuery = ZPageQuery.extend({
  agentId: ZId("Only runs of this agent").optional(),
  squadId: ZId("Only runs of this squad's members").optional(),
  taskId: ZId("Only runs of this task").optional(),
  status: ZRunStatus.optional(),
});
export type TRunListQuery = z.output<typeof ZRunListQuery>;

export const ZApprovalListQuery = ZPageQuery.extend({
  status: ZApprovalStatus.optional().describe("Only approvals in this status (the inbox: pending)"),
  agentId: ZId("Only approvals of this agent's runs").optional(),
});
export type TApprovalListQuery = z.output<typeof ZApprovalListQuery>;

export const ZRun = z.object({
  id: z.string(),
  taskId: z.string(),
  agentId: z.string(),
  attempt: z.number().int().describe("1 for the task's first run, 2 for the next after a lost one, …"),
  status: ZRunStatus,
  claimableAt: z.string().describe("When the task became claimable (ISO 8601)"),
  claimedAt: z.string(),
  leaseExpiresAt: z.string().describe("Lost when not heartbeated by then"),
  lastHeartbeatAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.object({ summary: z.string(), data: z.record(z.string(), z.unknown()).optional() }).nullable(),
  error: z.object({ errorClass: z.string(), message: z.string() }).nullable(),
  usage: z.object({ tokens: z.number().int(), cost: z.number() }).describe("Totals of the steps and the completion"),
  stepCount: z.number().int(),
  droppedSteps: z.number().int().describe("Steps refused because the trace reached its bound"),
  cancelledBy: z.string().nullable().describe("The user who cancelled it"),
  engineId: z.string().nullable().describe("The engine a hosted run works with; null for a connected agent's run"),
});
export type TRun = z.infer<typeof ZRun>;

export const ZStep = z.object({
  seq: z.number().int(),
  kind: ZStepKind,
  at: z.string(),
  text: z.string().optional(),
  data: z.unknown().optional(),
  tokens: z.number().int().optional(),
  cost: z.number().optional(),
});
export type TStep = z.infer<typeof ZStep>;

export const ZApproval = z.object({
  id: z.string(),
  runId: z.string(),
  agentId: z.string(),
  taskId: z.string(),
  tool: z.string().nullable(),
  summary: z.string(),
  details: z.unknown().optional(),
  status: ZApprovalStatus,
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;

export const ZRunDetails = ZRun.extend({
  task: ZTask,
  steps: z.array(ZStep).describe("The trace, in order"),
  approvals: z.array(ZApproval),
});
export type TRunDetails = z.infer<typeof ZRunDetails>;

export const ZClaim = z.object({
  run: ZRun,
  task: ZTask,
  leaseSeconds: z.number().int().describe("How long the lease lasts after each heartbeat"),
  heartbeatSeconds: z.number().int().describe("How often to heartbeat (a third of the lease)"),
});
export type TClaim = z.infer<typeof ZClaim>;

export const ZHeartbeat = z.object({
  status: ZRunStatus,
  continue: z.boolean().describe("false: stop working on it (cancelled by an operator, lost, or finished)"),
  leaseExpiresAt: z.string(),
  approval: ZApproval.nullable().describe("The run's latest approval request, with its decision once made"),
});
export type THeartbeat = z.infer<typeof ZHeartbeat>;

export const ZStepsAnswer = z.object({
  stored: z.number().int(),
  dropped: z.number().int().describe("Steps of this call refused: the trace reached RUN_MAX_STEPS or RUN_MAX_TRACE_BYTES"),
  stepCount: z.number().int(),
  truncated: z.boolean().describe("The trace is full: later steps are refused (counted), nothing stored is lost"),
});
export type TStepsAnswer = z.infer<typeof ZStepsAnswer>;

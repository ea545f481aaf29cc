// Between the run tables' rows and the API's run, step and approval.
import type { AgentRun, RunApproval, RunStep } from "../db/generated/client";
import type { TApproval, TRun, TStep } from "./schemas";

export const RUN_COLUMNS = {
  id: true,
  taskId: true,
  agentId: true,
  attempt: true,
  status: true,
  claimableAt: true,
  claimedAt: true,
  leaseExpiresAt: true,
  lastHeartbeatAt: true,
  finishedAt: true,
  resultSummary: true,
  resultData: true,
  errorClass: true,
  errorMessage: true,
  cancelledById: true,
  tokens: true,
  cost: true,
  stepCount: true,
  traceBytes: true,
  droppedSteps: true,
  engineId: true,
} as const;

export type RunRow = Pick<AgentRun, keyof typeof RUN_COLUMNS>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

export const toRun = (row: RunRow): TRun => ({
  id: row.id,
  taskId: row.taskId,
  agentId: row.agentId,
  attempt: row.attempt,
  status: row.status,
  claimableAt: row.claimableAt.toISOString(),
  claimedAt: row.claimedAt.toISOString(),
  leaseExpiresAt: row.leaseExpiresAt.toISOString(),
  lastHeartbeatAt: row.lastHeartbeatAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  result: row.resultSummary === null ? null : { summary: row.resultSummary, ...(isObject(row.resultData) ? { data: row.resultData } : {}) },
  error: row.errorClass === null ? null : { errorClass: row.errorClass, message: row.errorMessage ?? "" },
  usage: { tokens: row.tokens, cost: row.cost },
  stepCount: row.stepCount,
  droppedSteps: row.droppedSteps,
  cancelledBy: row.cancelledById,
  engineId: row.engineId,
});

export const toStep = (row: Pick<RunStep, "seq" | "kind" | "at" | "text" | "data" | "tokens" | "cost">): TStep => ({
  seq: row.seq,
  kind: row.kind,
  at: row.at.toISOString(),
  ...(row.text !== null ? { text: row.text } : {}),
  ...(row.data !== null ? { data: row.data } : {}),
  ...(row.tokens !== null ? { tokens: row.tokens } : {}),
  ...(row.cost !== null ? { cost: row.cost } : {}),
});

export const APPROVAL_COLUMNS = {
  id: true,
  runId: true,
  tool: true,
  summary: true,
  details: true,
  status: true,
  requestedAt: true,
  decidedAt: true,
  decidedById: true,
  comment: true,
  run: { select: { agentId: true, taskId: true } },
} as const;

export type ApprovalRow = Pick<RunApproval, "id" | "runId" | "tool" | "summary" | "details" | "status" | "requestedAt" | "decidedAt" | "decidedById" | "comment"> & {
  run: { agentId: string; taskId: string };
};

export const toApproval = (row: ApprovalRow): TApproval => ({
  id: row.id,
  runId: row.runId,
  agentId: row.run.agentId,
  taskId: row.run.taskId,
  tool: row.tool,
  summary: row.summary,
  ...(row.details !== null ? { details: row.details } : {}),
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decidedBy: row.decidedById,
  comment: row.comment,
});

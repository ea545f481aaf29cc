// The run protocol's shapes, as the service's OpenAPI document states them (the parts an agent reads;
// the repository's tests hold these to the document). See ../README.md.

export type RunStatus = "running" | "awaiting_approval" | "completed" | "failed" | "lost" | "released" | "cancelled";

export type Run = {
  id: string;
  taskId: string;
  agentId: string;
  attempt: number;
  status: RunStatus;
  claimedAt: string;
  leaseExpiresAt: string;
};

export type Entity = { type: string; id: string };

export type Task = {
  id: string;
  description: string;
  status: string;
  assignedEntity?: Entity | null;
  metadata?: Record<string, unknown> | null;
};

export type Claim = {
  run: Run;
  task: Task;
  /** How long the lease lasts after each heartbeat. */
  leaseSeconds: number;
  /** How often to heartbeat. */
  heartbeatSeconds: number;
};

export type ApprovalStatus = "pending" | "approved" | "rejected";

export type Approval = {
  id: string;
  runId: string;
  status: ApprovalStatus;
  summary: string;
  tool: string | null;
  comment: string | null;
  decidedBy: string | null;
};

export type Heartbeat = {
  status: RunStatus;
  /** false: stop working on the run (cancelled by an operator, lost, or ended). */
  continue: boolean;
  leaseExpiresAt: string;
  /** The run's latest approval request, with its decision once made. */
  approval: Approval | null;
};

export type StepKind = "message" | "log" | "tool_call" | "tool_result" | "error";

export type Step = {
  kind: StepKind;
  text?: string;
  /** Structured content: a tool call's name and arguments, a result. */
  data?: unknown;
  tokens?: number;
  cost?: number;
};

export type StepsAnswer = { stored: number; dropped: number; stepCount: number; truncated: boolean };

export type Usage = { tokens?: number; cost?: number };

/** What a handler answers: the run completes with it. */
export type Result = {
  /** What came of the task, in words (at most 2,000 characters). */
  summary: string;
  /** Structured details (a JSON object, at most 16 KiB). */
  data?: Record<string, unknown>;
  /** Usage not already reported with steps. */
  usage?: Usage;
};

export type ApprovalRequest = {
  /** What the agent asks leave to do, in words. */
  summary: string;
  /** The operation (operationId) it would call. */
  tool?: string;
  /** The call's arguments, or anything the operator should see. */
  details?: unknown;
};

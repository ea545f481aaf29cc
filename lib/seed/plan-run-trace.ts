// One seeded run's trace (plan-agent-work.ts): the steps a connected agent appends while it works a
// task (a log, its plan, a read tool's call and result, its analysis, the outcome), now and then an
// approval request before a write and the operator's decision, and the totals the run protocol keeps
// (tokens, cost, trace bytes: lib/runs/append-steps.ts counts the bytes of the steps the agent
// appends, not of the approval steps the service adds). A lost run's trace stops where its agent
// did. Pure: rows only.
import type { Prisma } from "../db";
import type { Prng } from "./generator/prng";
import { MINUTE } from "./generator/support";
import { APPROVAL_COMMENTS, LOGS, LOST_ERROR, PLANS, REJECTED_ERROR, TOKEN_PRICE, type WorkRole, type WorkTask } from "./work-catalog";

const SECOND = 1_000;

export type RunEnding = "completed" | "failed" | "lost";

export type RunTrace = {
  runId: string;
  ending: RunEnding;
  task: WorkTask;
  steps: Prisma.RunStepCreateManyInput[];
  approvals: Prisma.RunApprovalCreateManyInput[];
  tokens: number;
  cost: number;
  traceBytes: number;
  /** When the run ended (completed or failed); for a lost run, when its agent stopped. */
  finishedAt: number;
  /** The agent's last contact: the end for a finished run, the crash for a lost one. */
  lastContactAt: number;
  result: { summary: string; data: { itemsChecked: number; findings: number } } | null;
  error: readonly [string, string] | null;
};

type Spec = { kind: Prisma.RunStepCreateManyInput["kind"]; gap: number; text: string; data?: Record<string, unknown>; tokens?: number; service?: boolean };

const encoder = new TextEncoder();
const bytesOf = (spec: Spec) => encoder.encode(spec.text).length + (spec.data === undefined ? 0 : encoder.encode(JSON.stringify(spec.data)).length);
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const id36 = (at: number) => at.toString(36).padStart(9, "0");

export type TraceInput = {
  role: WorkRole;
  approverId: string;
  claimedAt: number;
  /** Lost: the agent stops at `until`; otherwise the run ends by `until`. */
  lost: boolean;
  until: number;
};

export const planRunTrace = (rng: Prng, input: TraceInput): RunTrace => {
  const { role, claimedAt } = input;
  const runId = `run_${id36(claimedAt)}${rng.hex(12)}`;
  const task = rng.pick(role.tasks);
  const read = rng.pick(role.reads);
  const rows = rng.int(0, 400);
  const specs: Spec[] = [
    { kind: "log", gap: rng.int(50, 500), text: LOGS[0] },
    { kind: "message", gap: rng.int(2 * SECOND, 40 * SECOND), text: rng.pick(PLANS), tokens: rng.int(300, 1_800) },
    { kind: "tool_call", gap: rng.int(500, 5_000), text: `Calling ${read}`, data: { tool: read, arguments: { limit: 100 } } },
    { kind: "tool_result", gap: rng.int(300, 25_000), text: `${read} answered ${rows} rows`, data: { tool: read, rows } },
  ];
  // The agent's own work: the long part of a run.
  const work: Spec = { kind: "message", gap: rng.int(MINUTE, 60 * MINUTE), text: `Analysis of ${rows} rows against the task's thresholds.`, tokens: rng.int(800, 6_000) };
  const findings = rng.int(0, 4);
  const approvals: Prisma.RunApprovalCreateManyInput[] = [];
  let ending: RunEnding = input.lost ? "lost" : rng.chance(0.08) ? "failed" : "completed";
  let error: readonly [string, string] | null = null;
  let summary = rng.pick(task.results);
  let approvalAt = -1;

  if (ending === "failed") {
    // It fails on its sources or tools, before or after its analysis.
    if (rng.chance(0.5)) specs.push(work);
    error = rng.pick(role.errors);
  } else {
    specs.push(work);
    if (ending === "completed" && rng.chance(role.name === "Builder" ? 0.25 : 0.1)) {
      const write = rng.pick(role.writes);
      const approved = rng.chance(0.8);
      const comment = rng.pick(approved ? APPROVAL_COMMENTS.approved : APPROVAL_COMMENTS.rejected);
      approvalAt = specs.length;
      specs.push(
        { kind: "approval_request", gap: rng.int(2 * SECOND, 30 * SECOND), text: write.summary, service: true },
        { kind: "approval_decision", gap: rng.int(2 * MINUTE, 45 * MINUTE), text: `${approved ? "approved" : "rejected"}: ${comment}`, service: true },
      );
      approvals.push({ id: "", runId, tool: write.tool, summary: write.summary, details: { arguments: { environment: "staging" } }, status: approved ? "approved" : "rejected", decidedById: input.approverId, comment });
      if (approved) {
        specs.push(
          { kind: "tool_call", gap: rng.int(500, 20_000), text: `Calling ${write.tool}`, data: { tool: write.tool, arguments: { environment: "staging" } } },
          { kind: "tool_result", gap: rng.int(SECOND, 60 * SECOND), text: `${write.tool} answered 200`, data: { tool: write.tool, status: 200 } },
        );
      } else if (rng.chance(0.5)) {
        ending = "failed";
        error = REJECTED_ERROR;
      } else {
        summary = "Reported without the change: the operator rejected it.";
      }
    }
  }
  if (ending === "completed") specs.push({ kind: "message", gap: rng.int(5 * SECOND, 60 * SECOND), text: summary, tokens: rng.int(200, 900) });
  if (ending === "failed") specs.push({ kind: "error", gap: rng.int(SECOND, 30 * SECOND), text: `${error![0]}: ${error![1]}`, data: { errorClass: error![0] } });

  // A finished run ends by `until`: the work shrinks when the room is short (it never is by much).
  const total = specs.reduce((sum, spec) => sum + spec.gap, 0);
  if (!input.lost && claimedAt + total > input.until) work.gap = Math.max(SECOND, work.gap - (claimedAt + total - input.until));

  const steps: Prisma.RunStepCreateManyInput[] = [];
  let at = claimedAt;
  let tokens = 0;
  let microCost = 0;
  let traceBytes = 0;
  for (const [index, spec] of specs.entries()) {
    at += spec.gap;
    if (input.lost && at > input.until) break;
    const cost = spec.tokens === undefined ? null : round6(spec.tokens * TOKEN_PRICE);
    let data = spec.data;
    if (approvalAt >= 0 && (index === approvalAt || index === approvalAt + 1)) {
      const approval = approvals[0];
      if (index === approvalAt) {
        approval.id = `apr_${id36(at)}${rng.hex(12)}`;
        approval.requestedAt = new Date(at);
        data = { approvalId: approval.id, tool: approval.tool };
      } else {
        approval.decidedAt = new Date(at);
        data = { approvalId: approval.id, decision: approval.status };
      }
    }
    steps.push({ runId, seq: steps.length + 1, kind: spec.kind, at: new Date(at), text: spec.text, ...(data ? { data: data as Prisma.InputJsonValue } : {}), tokens: spec.tokens ?? null, cost });
    tokens += spec.tokens ?? 0;
    microCost += Math.round((cost ?? 0) * 1e6);
    if (!spec.service) traceBytes += bytesOf({ ...spec, data });
  }
  return {
    runId,
    ending,
    task,
    steps,
    approvals,
    tokens,
    cost: microCost / 1e6,
    traceBytes,
    finishedAt: input.lost ? input.until : at,
    lastContactAt: input.lost ? input.until : at,
    result: ending === "completed" ? { summary, data: { itemsChecked: rows, findings } } : null,
    error: ending === "lost" ? LOST_ERROR : error,
  };
};

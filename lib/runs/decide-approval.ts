// An operator's decision on a run's approval request (docs/agents-at-work.md, "Approvals").
import { AppError, notFound } from "../core/errors";
import { prisma } from "../db";
import { recordEvents } from "../outbox";
import { lockRun } from "./lock-run";
import { runsConfig } from "./config";
import { appendStep } from "./request-approval";
import type { TApproval } from "./schemas";
import { APPROVAL_COLUMNS, RUN_COLUMNS, toApproval, toRun } from "./shape";
import { RUN_MACHINE } from "./status-machine";

/** An operator's decision on a pending approval; the run goes back to running. */
export const decideApproval = (approvalId: string, userId: string, input: { decision: "approved" | "rejected"; comment?: string }): Promise<TApproval> =>
  prisma.$transaction(async (tx) => {
    const now = new Date();
    const found = await tx.runApproval.findUnique({ where: { id: approvalId }, select: { runId: true } });
    if (!found) throw notFound("Approval", approvalId);
    const run = await lockRun(tx, found.runId);
    const current = await tx.runApproval.findUniqueOrThrow({ where: { id: approvalId }, select: { status: true } });
    if (current.status !== "pending") throw new AppError("conflict", `Approval '${approvalId}' was already ${current.status}.`);
    if (run.status !== "awaiting_approval") {
      throw new AppError("conflict", `Run '${run.id}' is ${run.status}: its request can no longer be decided.`);
    }
    const approval = await tx.runApproval.update({
      where: { id: approvalId },
      data: { status: input.decision, decidedAt: now, decidedById: userId, comment: input.comment ?? null },
      select: APPROVAL_COLUMNS,
    });
    await RUN_MACHINE.move(run.id, "awaiting_approval", "running", () =>
      // The lease starts afresh: a hosted run waited without heartbeats (lib/engines), and its job resumes it now.
      tx.agentRun.updateMany({ where: { id: run.id, status: "awaiting_approval" }, data: { status: "running", leaseExpiresAt: new Date(now.getTime() + runsConfig().RUN_LEASE_SECONDS * 1_000) } }),
    );
    await appendStep(tx, run.id, { kind: "approval_decision", text: `${input.decision}${input.comment ? `: ${input.comment}` : ""}`, data: { approvalId, decision: input.decision } }, now);
    const answer = toApproval(approval);
    const updated = toRun(await tx.agentRun.findUniqueOrThrow({ where: { id: run.id }, select: RUN_COLUMNS }));
    await recordEvents(tx, [{ type: "run.approval_decided", entityId: run.id, data: { run: updated, approval: answer } }]);
    return answer;
  });


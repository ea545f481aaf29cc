// Approvals (docs/agents-at-work.md, "Approvals"): a run pauses for a person's decision
// (awaiting_approval), which shows in the approvals inbox; an operator approves or rejects it with a
// comment, the run goes back to running, and the agent reads the decision on its next heartbeat (or
// by reading the approval). Each request and decision is a step of the trace and an event.
import { randomBytes } from "node:crypto";
import { AppError } from "../core/errors";
import { prisma, Prisma } from "../db";
import { recordEvents } from "../outbox";
import { requireOpenRun } from "./append-steps";
import { runsConfig } from "./config";
import { lockRun } from "./lock-run";
import type { TApproval } from "./schemas";
import { APPROVAL_COLUMNS, RUN_COLUMNS, toApproval, toRun } from "./shape";
import { RUN_MACHINE } from "./status-machine";
import { touchPresence } from "./touch-presence";

/** Adds one step to a run's trace in `tx` (approval requests and decisions), past its bound too: it records the run's state. */
export const appendStep = async (tx: Prisma.TransactionClient, runId: string, step: { kind: "approval_request" | "approval_decision"; text: string; data: object }, now: Date) => {
  const [{ seq }] = await tx.$queryRaw<{ seq: number }[]>`
    UPDATE "AgentRun" SET "stepCount" = "stepCount" + 1 WHERE id = ${runId} RETURNING "stepCount" AS seq`;
  await tx.runStep.create({ data: { runId, seq, kind: step.kind, at: now, text: step.text, data: step.data as Prisma.InputJsonValue } });
};

export const requestApproval = (runId: string, agentId: string, input: { summary: string; tool?: string; details?: unknown }): Promise<TApproval> =>
  prisma.$transaction(async (tx) => {
    const config = runsConfig();
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    requireOpenRun(run, "asks for nothing more");
    if (run.status === "awaiting_approval") throw new AppError("conflict", `Run '${runId}' already awaits a decision; wait for it (its heartbeat carries it).`);
    await RUN_MACHINE.move(runId, run.status, "awaiting_approval", () =>
      tx.agentRun.updateMany({
        where: { id: runId, status: run.status },
        data: { status: "awaiting_approval", leaseExpiresAt: new Date(now.getTime() + config.RUN_LEASE_SECONDS * 1_000), lastHeartbeatAt: now },
      }),
    );
    const approval = await tx.runApproval.create({
      data: {
        id: `apr_${now.getTime().toString(36).padStart(9, "0")}${randomBytes(6).toString("hex")}`,
        runId,
        tool: input.tool ?? null,
        summary: input.summary,
        details: input.details === undefined ? Prisma.DbNull : (input.details as Prisma.InputJsonValue),
        requestedAt: now,
      },
      select: APPROVAL_COLUMNS,
    });
    await appendStep(tx, runId, { kind: "approval_request", text: input.summary, data: { approvalId: approval.id, tool: input.tool ?? null } }, now);
    await touchPresence(tx, agentId, now, config.RUN_LEASE_SECONDS * 1_000);
    const answer = toApproval(approval);
    const updated = toRun(await tx.agentRun.findUniqueOrThrow({ where: { id: runId }, select: RUN_COLUMNS }));
    await recordEvents(tx, [{ type: "run.approval_requested", entityId: runId, data: { run: updated, approval: answer } }]);
    return answer;
  });


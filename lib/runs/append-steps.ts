// Steps (docs/agents-at-work.md, "Traces"): an agent appends its trace in batches. A run's trace is
// bounded (RUN_MAX_STEPS steps, RUN_MAX_TRACE_BYTES bytes of text and data): a batch is stored in
// order up to the bound, the rest refused and counted (droppedSteps), and the answer says the trace
// is full; nothing already stored is lost. Appending is contact: the lease is extended.
import { AppError } from "../core/errors";
import { prisma, Prisma } from "../db";
import { recordEvents } from "../outbox";
import { runsConfig } from "./config";
import { lockRun } from "./lock-run";
import type { TStepInput, TStepsAnswer } from "./schemas";
import { RUN_COLUMNS, toRun, toStep } from "./shape";
import { OPEN_RUN_STATUSES } from "./status-machine";
import { touchPresence } from "./touch-presence";

const encoder = new TextEncoder();
const bytesOf = (step: TStepInput) => (step.text ? encoder.encode(step.text).length : 0) + (step.data !== undefined ? encoder.encode(JSON.stringify(step.data)).length : 0);

/** Refuses a move of a run that is no longer open, naming its status. */
export const requireOpenRun = (run: { id: string; status: string }, what: string) => {
  if (!(OPEN_RUN_STATUSES as readonly string[]).includes(run.status)) {
    throw new AppError("conflict", `Run '${run.id}' is ${run.status}: it ${what}. Stop working on it (its heartbeat says so too).`);
  }
};

export const appendSteps = (runId: string, agentId: string, steps: TStepInput[]): Promise<TStepsAnswer> =>
  prisma.$transaction(async (tx) => {
    const config = runsConfig();
    const now = new Date();
    const run = await lockRun(tx, runId, agentId);
    requireOpenRun(run, "takes no more steps");
    let count = run.stepCount;
    let bytes = run.traceBytes;
    const kept: (TStepInput & { seq: number })[] = [];
    for (const step of steps) {
      const size = bytesOf(step);
      if (count + 1 > config.RUN_MAX_STEPS || bytes + size > config.RUN_MAX_TRACE_BYTES) break;
      count += 1;
      bytes += size;
      kept.push({ ...step, seq: count });
    }
    const dropped = steps.length - kept.length;
    if (kept.length > 0) {
      await tx.runStep.createMany({
        data: kept.map((step) => ({
          runId,
          seq: step.seq,
          kind: step.kind,
          at: now,
          text: step.text ?? null,
          data: step.data === undefined ? Prisma.DbNull : (step.data as Prisma.InputJsonValue),
          tokens: step.tokens ?? null,
          cost: step.cost ?? null,
        })),
      });
    }
    const tokens = kept.reduce((sum, step) => sum + (step.tokens ?? 0), 0);
    const cost = kept.reduce((sum, step) => sum + (step.cost ?? 0), 0);
    const updated = await tx.agentRun.update({
      where: { id: runId },
      data: {
        stepCount: count,
        traceBytes: bytes,
        droppedSteps: { increment: dropped },
        tokens: { increment: tokens },
        cost: { increment: cost },
        leaseExpiresAt: new Date(now.getTime() + config.RUN_LEASE_SECONDS * 1_000),
        lastHeartbeatAt: now,
      },
      select: RUN_COLUMNS,
    });
    await touchPresence(tx, agentId, now, config.RUN_LEASE_SECONDS * 1_000);
    if (kept.length > 0) {
      const stored = kept.map((step) =>
        toStep({ seq: step.seq, kind: step.kind, at: now, text: step.text ?? null, data: (step.data ?? null) as Prisma.JsonValue, tokens: step.tokens ?? null, cost: step.cost ?? null }),
      );
      await recordEvents(tx, [{ type: "run.step", entityId: runId, data: { run: toRun(updated), steps: stored } }]);
    }
    const truncated = count >= config.RUN_MAX_STEPS || dropped > 0;
    return { stored: kept.length, dropped, stepCount: count, truncated };
  });

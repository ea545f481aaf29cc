// Where hosted work comes from (docs/agents.md, "The hosted loop"), an event subscriber of the
// outbox registered by lib/startup: inside the transaction that records them, the events that can
// make work claimable for a hosted agent queue a dispatch (./dispatch-job.ts), and a decision on a
// hosted run's approval queues that run again (./hosted-run-job.ts). With no engine configured a
// transaction pays one indexed existence check, and only when it recorded such an event.
import type { Prisma } from "../db";
import { enqueueJobs, type EnqueueInput } from "../jobs";
import type { EventSubscriber } from "../outbox";

export const DISPATCH_KIND = "engines.dispatch";
export const HOSTED_RUN_KIND = "engines.hosted-run";

export type HostedRunPayload = { runId: string; agentId: string };

// Work became claimable, an agent may have become hosted, or a hosted agent has room again.
const WORK_EVENTS = new Set(["task.created", "task.status_changed", "task.updated", "agent.created", "agent.updated", "run.lost", "run.released", "run.completed", "run.failed", "run.cancelled"]);

const enginesExist = async (tx: Prisma.TransactionClient) =>
  (await tx.$queryRaw<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "Engine") AS found`)[0]?.found ?? false;

export const hostedRunJobInput = (runId: string, agentId: string): EnqueueInput => ({ kind: HOSTED_RUN_KIND, payload: { runId, agentId } satisfies HostedRunPayload, maxAttempts: 1 });

export const dispatchJob = (): EnqueueInput => ({ kind: DISPATCH_KIND, payload: {}, maxAttempts: 1 });

export const hostedWorkSubscriber: EventSubscriber = async (tx, events) => {
  const decided = events.filter((event) => event.type === "run.approval_decided").map((event) => event.entityId);
  const work = events.some((event) => WORK_EVENTS.has(event.type));
  if (decided.length === 0 && !work) return;
  if (!(await enginesExist(tx))) return;
  const jobs: EnqueueInput[] = [];
  if (decided.length > 0) {
    const hosted = await tx.agentRun.findMany({ where: { id: { in: decided }, engineId: { not: null } }, select: { id: true, agentId: true } });
    jobs.push(...hosted.map((run) => hostedRunJobInput(run.id, run.agentId)));
  }
  if (work) jobs.push(dispatchJob());
  await enqueueJobs(jobs, tx);
};

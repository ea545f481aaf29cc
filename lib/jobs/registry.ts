// The job workers of this process, so that an enqueue, a cancel or a test handled here reaches them
// at once (the database's poll reaches the other processes). Kept on globalThis: module reloads
// (next dev) must not hide a running worker.
import type { JobStopReason } from "./kinds";

export type RegisteredWorker = {
  wake: () => void;
  abort: (id: string, reason: JobStopReason) => void;
  /** Resolves once a claim that began after the call found nothing due and the worker runs nothing. */
  whenIdle: () => Promise<void>;
  /** Claims made so far. */
  readonly claims: number;
  /** Stops claiming; running jobs get `graceMs`, then go back to the queue. */
  stop: (graceMs?: number) => Promise<void>;
};

const registry = globalThis as typeof globalThis & { __syndicateJobWorkers?: Set<RegisteredWorker> };

export const registeredWorkers = () => (registry.__syndicateJobWorkers ??= new Set());

/** Tells this process's workers that work was queued (they otherwise find it at their next poll). */
export const wakeWorkers = () => registeredWorkers().forEach((worker) => worker.wake());

/** Stops job `id` at once if a worker of this process runs it (the database flag reaches the others). */
export const abortLocally = (id: string) => registeredWorkers().forEach((worker) => worker.abort(id, "cancel"));

/**
 * Tests: resolves when this process's background work has settled — every worker runs nothing and
 * its latest claim found nothing due, all in one pass (a job that queued another job for another
 * lane makes it look again). Jobs whose runAfter lies ahead (a retry's back-off, a delivery waiting
 * its turn) do not count: they are not due. Resolves at once without workers.
 */
export const whenJobsIdle = async () => {
  const claims = () => [...registeredWorkers()].reduce((sum, worker) => sum + worker.claims, 0);
  // Two quiet passes in a row: a claim still on its way when one worker's pass ended shows in the next.
  for (let quiet = 0; quiet < 2; ) {
    const before = claims();
    await Promise.all([...registeredWorkers()].map((worker) => worker.whenIdle()));
    quiet = claims() === before ? quiet + 1 : 0;
  }
};

/** Stops every worker of this process at once, running jobs back to the queue (tests: the process moves on to another database). */
export const stopAllJobWorkers = async () => {
  await Promise.all([...registeredWorkers()].map((worker) => worker.stop(0)));
};

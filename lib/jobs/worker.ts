// The worker loop: claims jobs of its kinds up to `concurrency` at once, runs each under a lease
// it renews (a third of the lease), and settles it: DONE with the result; ERROR, or QUEUED again
// after a back-off when the kind says the failure is worth another try; CANCELLED when a cancel
// was asked. stop() lets running jobs finish for a grace period, then aborts them and hands them
// back to the queue, so another process (or the next start) runs them.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { defaultRetryable, defineJobKind, JobStopped, type AnyJobKind, type JobStopReason } from "./kinds";
import {
  claimJob,
  completeJob,
  describeJobError,
  failJob,
  markCancelled,
  releaseJob,
  renewLease,
  retryJob,
  saveJobProgress,
  type JobRow,
  queueScheduled,
} from "./store";

export type WorkerOptions = {
  kinds: AnyJobKind[];
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  /** Defaults to host:pid:random. */
  workerId?: string;
  log?: (message: string) => void;
  /** Back-off before attempt n+1 (ms). Default 1 s × 4^(n−1), at most a minute. */
  backoffMs?: (attempt: number) => number;
};

type StopReason = JobStopReason;
type Running = { controller: AbortController; reason?: StopReason; done: Promise<void> };

// Workers of this process, so that a cancel or an enqueue handled here reaches them at once.
const registry = globalThis as typeof globalThis & { __syndicateJobWorkers?: Set<JobWorker> };
const workers = () => (registry.__syndicateJobWorkers ??= new Set());

/** Tells this process's workers that work was queued (they otherwise find it at their next poll). */
export const wakeWorkers = () => workers().forEach((worker) => worker.wake());

/** Stops job `id` at once if a worker of this process runs it (the database flag reaches the others). */
export const abortLocally = (id: string) => workers().forEach((worker) => worker.abort(id, "cancel"));

export class JobWorker {
  readonly workerId: string;
  private readonly kinds: Map<string, AnyJobKind>;
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private readonly log: (message: string) => void;

  constructor(private readonly options: WorkerOptions) {
    // (Re)declared, so that the store records the lifecycle events of the kinds this worker runs.
    this.kinds = new Map(options.kinds.map((kind) => [kind.kind, defineJobKind(kind)]));
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** Jobs this worker runs now. */
  get active() {
    return [...this.running.keys()];
  }

  start() {
    if (this.loopDone) return this;
    workers().add(this);
    this.loopDone = this.loop();
    return this;
  }

  wake() {
    this.wakeUp?.();
  }

  abort(id: string, reason: StopReason) {
    const entry = this.running.get(id);
    if (!entry || entry.reason) return;
    entry.reason = reason;
    entry.controller.abort(new JobStopped(reason));
  }

  /** Stops claiming; waits up to graceMs for running jobs, then hands the rest back to the queue. */
  async stop(graceMs = 0) {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    const all = () => Promise.all([...this.running.values()].map((entry) => entry.done));
    if (this.running.size > 0 && graceMs > 0) {
      await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    }
    for (const id of this.running.keys()) this.abort(id, "shutdown");
    await all();
    workers().delete(this);
  }

  /** When this worker next queues the recurring kinds' jobs (each slot is queued once across instances). */
  private nextScheduleAt = 0;

  private async scheduleRecurring() {
    if (Date.now() < this.nextScheduleAt) return;
    this.nextScheduleAt = Date.now() + Math.min(this.options.pollMs, 1_000);
    try {
      await queueScheduled([...this.kinds.values()]);
    } catch (error) {
      this.log(`jobs: queueing recurring jobs failed: ${(error as Error).message}`);
    }
  }

  private async loop() {
    while (!this.stopping) {
      await this.scheduleRecurring();
      let claimed: JobRow | null = null;
      if (this.running.size < this.options.concurrency) {
        try {
          claimed = await claimJob(this.workerId, [...this.kinds.keys()], this.options.leaseMs);
        } catch (error) {
          this.log(`jobs: claiming failed: ${(error as Error).message}`);
        }
      }
      if (claimed) {
        this.launch(claimed);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        timer.unref();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private launch(job: JobRow) {
    if (this.running.has(job.id)) return;
    const entry = { controller: new AbortController() } as Running;
    this.running.set(job.id, entry);
    entry.done = this.execute(job, entry)
      .catch((error) => this.log(`jobs: settling job ${job.id} failed: ${(error as Error).message}`))
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
  }

  private async execute(job: JobRow, entry: Running) {
    const kind = this.kinds.get(job.kind)!;
    if (job.attempts > job.maxAttempts) {
      await failJob(job.id, this.workerId, {
        status: 500,
        title: "Internal Server Error",
        detail: `The job was abandoned: its worker stopped during each of ${job.maxAttempts} attempts.`,
      });
      return;
    }
    const beat = setInterval(() => {
      renewLease(job.id, this.workerId, this.options.leaseMs).then(
        (lease) => {
          if (!lease) this.abort(job.id, "lost");
          else if (lease.cancelRequested) this.abort(job.id, "cancel");
        },
        (error) => this.log(`jobs: renewing the lease of ${job.id} failed: ${(error as Error).message}`),
      );
    }, Math.max(100, Math.floor(this.options.leaseMs / 3)));
    beat.unref();
    // A cancel asked before this claim (the job was RUNNING under a dead worker) — cheap to honour.
    if (job.cancelRequested) this.abort(job.id, "cancel");
    try {
      const result = await kind.run({
        id: job.id,
        payload: job.payload as never,
        attempt: job.attempts,
        progress: job.progress,
        userId: job.userId,
        signal: entry.controller.signal,
        saveProgress: (value) => saveJobProgress(job.id, this.workerId, value),
      });
      if (entry.reason) await this.settleStopped(job, entry.reason);
      else await completeJob(job.id, this.workerId, result);
    } catch (error) {
      if (entry.reason) {
        await this.settleStopped(job, entry.reason);
        return;
      }
      const described = describeJobError(error);
      if (described.status >= 500 && !(error as { status?: number })?.status) this.log(`jobs: job ${job.id} (${job.kind}) failed: ${(error as Error)?.stack ?? error}`);
      const retryable = (kind.retryable ?? defaultRetryable)(error);
      if (retryable && job.attempts < job.maxAttempts) {
        const backoff = this.options.backoffMs?.(job.attempts) ?? Math.min(60_000, 1000 * 4 ** (job.attempts - 1));
        await retryJob(job.id, this.workerId, backoff, described);
      } else {
        await failJob(job.id, this.workerId, described);
      }
    } finally {
      clearInterval(beat);
    }
  }

  private async settleStopped(job: JobRow, reason: StopReason) {
    if (reason === "cancel") await markCancelled(job.id, this.workerId);
    else if (reason === "shutdown") await releaseJob(job.id, this.workerId);
    // "lost": another worker holds it now, or it ended; nothing of ours to write.
  }
}

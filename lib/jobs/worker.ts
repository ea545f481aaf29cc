// The worker loop: claims jobs of its kinds up to `concurrency` at once (fairly between kinds and
// owners, store.ts), runs each under a lease it renews (a third of the lease), and settles it: DONE
// with the result; ERROR, or QUEUED again after a back-off when the kind says the failure is worth
// another try; CANCELLED when a cancel was asked. A settle the database cannot take (it is away) is
// written again with back-off by this process until it goes through, the lease renewed meanwhile.
// An enqueue in this process wakes the worker; the poll finds what other processes queued.
// stop() lets running jobs finish for a grace period, then aborts them and hands them back.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { pingDatabase } from "../db";
import { defaultRetryable, defineJobKind, JobStopped, type AnyJobKind, type JobStopReason } from "./kinds";
import { stdoutJobLog, type JobLog } from "./log";
import { registeredWorkers, type RegisteredWorker } from "./registry";
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
  type JobError,
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
  /** Where the worker's lines go (default: JSON lines on stdout, lib/jobs/log.ts). */
  log?: JobLog;
  /** Back-off before attempt n+1 (ms). Default 1 s × 4^(n−1), at most a minute. */
  backoffMs?: (attempt: number) => number;
  /** Pause before writing an outcome again after the n-th failed write (ms). Default 250 ms × 2^(n−1), at most 5 s. */
  settleBackoffMs?: (failures: number) => number;
};

type StopReason = JobStopReason;
type Running = { controller: AbortController; reason?: StopReason; done: Promise<void> };

/** A job's outcome as a write to the store: what it is (for the log) and the write itself. */
type Settlement = { what: string; write: () => Promise<{ count: number }> };

/** Outcome writes that failed while the database answered: a fault of the write, not an outage. */
const FAILURES_WHILE_REACHABLE = 3;

/** Owners this worker remembers having served (the fair claim's rotation); older ones count as never served. */
const SERVED_OWNERS_KEPT = 1_000;

const sleep = (ms: number, cut: Promise<void>) =>
  Promise.race([
    new Promise<void>((resolve) => setTimeout(resolve, ms).unref()),
    cut,
  ]);

// Re-exported here as before; they live in registry.ts so that the store can wake workers too.
export { wakeWorkers, abortLocally, whenJobsIdle } from "./registry";

export class JobWorker implements RegisteredWorker {
  readonly workerId: string;
  private readonly kinds: Map<string, AnyJobKind>;
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake that came while the loop was busy (claiming): the loop looks again instead of sleeping. */
  private woken = false;
  private readonly log: JobLog;
  /** Kinds and owners in the order this worker last served them, least recent first. */
  private readonly served = { kinds: [] as string[], owners: [] as string[] };
  private round = 0;
  private idleWaiters: { after: number; resolve: () => void }[] = [];
  private claimCount = 0;
  /** Resolves when shutdown stops retrying outcome writes (after its grace period). */
  private giveUp!: () => void;
  private readonly givenUp = new Promise<void>((resolve) => (this.giveUp = resolve));
  private settlesGivenUp = false;

  constructor(private readonly options: WorkerOptions) {
    // (Re)declared, so that the store records the lifecycle events of the kinds this worker runs.
    this.kinds = new Map(options.kinds.map((kind) => [kind.kind, defineJobKind(kind)]));
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.log = options.log ?? stdoutJobLog;
  }

  /** Jobs this worker runs now (also those whose outcome it is still writing). */
  get active() {
    return [...this.running.keys()];
  }

  get claims() {
    return this.claimCount;
  }

  start() {
    if (this.loopDone) return this;
    registeredWorkers().add(this);
    this.loopDone = this.loop();
    return this;
  }

  wake() {
    this.woken = true;
    this.wakeUp?.();
  }

  abort(id: string, reason: StopReason) {
    const entry = this.running.get(id);
    if (!entry || entry.reason) return;
    entry.reason = reason;
    entry.controller.abort(new JobStopped(reason));
  }

  whenIdle() {
    if (!this.loopDone || this.stopping) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.idleWaiters.push({ after: this.round, resolve });
      this.wake();
    });
  }

  /**
   * Stops claiming; waits up to graceMs for running jobs, then hands the rest back to the queue.
   * Outcome writes the database refuses are retried for up to another graceMs, then left to the
   * lease: another instance, or the next start, claims those jobs again once it runs out.
   */
  async stop(graceMs = 0) {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    const all = () => Promise.all([...this.running.values()].map((entry) => entry.done));
    const grace = () => new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    if (this.running.size > 0 && graceMs > 0) await Promise.race([all(), grace()]);
    for (const id of this.running.keys()) this.abort(id, "shutdown");
    if (this.running.size > 0 && graceMs > 0) await Promise.race([all(), grace()]);
    this.settlesGivenUp = true;
    this.giveUp();
    await all();
    this.idleWaiters.splice(0).forEach((waiter) => waiter.resolve());
    registeredWorkers().delete(this);
  }

  /** When this worker next queues the recurring kinds' jobs (each slot is queued once across instances). */
  private nextScheduleAt = 0;

  private async scheduleRecurring() {
    if (Date.now() < this.nextScheduleAt) return;
    this.nextScheduleAt = Date.now() + Math.min(this.options.pollMs, 1_000);
    try {
      await queueScheduled([...this.kinds.values()]);
    } catch (error) {
      this.log("warn", "jobs: queueing recurring jobs failed", { worker: this.workerId, err: error });
    }
  }

  private async loop() {
    while (!this.stopping) {
      this.woken = false;
      const round = ++this.round;
      await this.scheduleRecurring();
      let claimed: JobRow | null = null;
      let foundNothing = false;
      if (this.running.size < this.options.concurrency) {
        try {
          claimed = await claimJob(this.workerId, [...this.kinds.keys()], this.options.leaseMs, this.served);
          foundNothing = claimed === null;
        } catch (error) {
          this.log("warn", "jobs: claiming failed", { worker: this.workerId, err: error });
        }
      }
      if (claimed) {
        this.claimCount += 1;
        this.remember(claimed);
        this.launch(claimed);
        continue;
      }
      if (foundNothing && this.running.size === 0) this.reportIdle(round);
      if (this.woken || this.stopping) continue;
      // The poll is the fallback: an enqueue or a finished job in this process wakes the loop at once.
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

  /** Resolves the idle waiters registered before `round` began. */
  private reportIdle(round: number) {
    const ready = this.idleWaiters.filter((waiter) => waiter.after < round);
    if (ready.length === 0) return;
    this.idleWaiters = this.idleWaiters.filter((waiter) => waiter.after >= round);
    ready.forEach((waiter) => waiter.resolve());
  }

  /** Moves the job's kind and owner to the back of the rotation. */
  private remember(job: JobRow) {
    const moveToBack = (list: string[], name: string) => {
      const at = list.indexOf(name);
      if (at >= 0) list.splice(at, 1);
      list.push(name);
    };
    moveToBack(this.served.kinds, job.kind);
    moveToBack(this.served.owners, job.userId ?? "");
    if (this.served.owners.length > SERVED_OWNERS_KEPT) this.served.owners.splice(0, this.served.owners.length - SERVED_OWNERS_KEPT);
  }

  private launch(job: JobRow) {
    if (this.running.has(job.id)) return;
    const entry = { controller: new AbortController() } as Running;
    this.running.set(job.id, entry);
    entry.done = this.execute(job, entry)
      .catch((error) => this.log("error", "jobs: running the job failed unexpectedly", { jobId: job.id, kind: job.kind, err: error }))
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
  }

  private async execute(job: JobRow, entry: Running) {
    const kind = this.kinds.get(job.kind)!;
    const beat = setInterval(() => {
      renewLease(job.id, this.workerId, this.options.leaseMs).then(
        (lease) => {
          if (!lease) this.abort(job.id, "lost");
          else if (lease.cancelRequested) this.abort(job.id, "cancel");
        },
        (error) => this.log("warn", "jobs: renewing a lease failed", { jobId: job.id, kind: job.kind, err: error }),
      );
    }, Math.max(100, Math.floor(this.options.leaseMs / 3)));
    beat.unref();
    try {
      // The lease is renewed until the outcome is written, also while that write waits for the database.
      await this.settle(job, await this.outcomeOf(job, kind, entry));
    } finally {
      clearInterval(beat);
    }
  }

  /** Runs the job (unless its workers kept dying) and answers the write that settles it. */
  private async outcomeOf(job: JobRow, kind: AnyJobKind, entry: Running): Promise<Settlement> {
    if (job.attempts > job.maxAttempts) {
      return this.failure(job, {
        status: 500,
        title: "Internal Server Error",
        detail: `The job was abandoned: its worker stopped during each of ${job.maxAttempts} attempts.`,
      });
    }
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
      if (entry.reason) return this.stopped(job, entry.reason);
      return { what: "DONE", write: () => completeJob(job.id, this.workerId, result) };
    } catch (error) {
      if (entry.reason) return this.stopped(job, entry.reason);
      const described = describeJobError(error);
      if (described.status >= 500 && !(error as { status?: number })?.status) {
        this.log("error", "jobs: a job failed", { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error });
      }
      const retryable = (kind.retryable ?? defaultRetryable)(error);
      if (retryable && job.attempts < job.maxAttempts) {
        const backoff = this.options.backoffMs?.(job.attempts) ?? Math.min(60_000, 1000 * 4 ** (job.attempts - 1));
        return { what: "QUEUED (retry)", write: () => retryJob(job.id, this.workerId, backoff, described) };
      }
      return this.failure(job, described);
    }
  }

  private failure(job: JobRow, error: JobError): Settlement {
    return { what: "ERROR", write: () => failJob(job.id, this.workerId, error) };
  }

  private stopped(job: JobRow, reason: StopReason): Settlement {
    if (reason === "cancel") return { what: "CANCELLED", write: () => markCancelled(job.id, this.workerId) };
    if (reason === "shutdown") return { what: "QUEUED (handed back)", write: () => releaseJob(job.id, this.workerId) };
    // "lost": another worker holds it now, or it ended; nothing of ours to write.
    return { what: "nothing (claim lost)", write: async () => ({ count: 0 }) };
  }

  /**
   * Writes the outcome; while the database is away, again and again with back-off until it takes
   * it (or shutdown's grace has passed). A write that keeps failing while the database answers is a
   * fault of the write itself (a result it cannot store, a broken event hook): a result is then
   * stored as an ERROR instead, and anything else is given up and left to the lease.
   */
  private async settle(job: JobRow, settlement: Settlement) {
    const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts, outcome: settlement.what };
    let { write } = settlement;
    let failures = 0;
    let failuresWhileReachable = 0;
    for (;;) {
      try {
        const { count } = await write();
        if (failures > 0) this.log("info", "jobs: outcome written after earlier failures", { ...fields, failures });
        if (count === 0 && settlement.what !== "nothing (claim lost)") this.log("warn", "jobs: the claim was lost; the outcome was not written", fields);
        return;
      } catch (error) {
        failures += 1;
        if (this.settlesGivenUp) {
          this.log("error", "jobs: outcome not written before shutdown; the job is claimed again once its lease runs out", { ...fields, err: error });
          return;
        }
        if (await pingDatabase()) failuresWhileReachable += 1;
        if (failuresWhileReachable >= FAILURES_WHILE_REACHABLE) {
          if (settlement.what !== "DONE" || write !== settlement.write) {
            this.log("error", "jobs: the outcome cannot be written although the database answers; the job is left to its lease", { ...fields, err: error });
            return;
          }
          this.log("error", "jobs: the result cannot be stored; the job ends ERROR instead", { ...fields, err: error });
          write = this.failure(job, { status: 500, title: "Internal Server Error", detail: "The job's result could not be stored; the server log has the details." }).write;
          failuresWhileReachable = 0;
          continue;
        }
        const pause = this.options.settleBackoffMs?.(failures) ?? Math.min(5_000, 250 * 2 ** (failures - 1));
        this.log("warn", "jobs: writing a job's outcome failed; trying again", { ...fields, failures, retryInMs: pause, err: error });
        await sleep(pause, this.givenUp);
      }
    }
  }
}

// What an area registers to run work in the background: a job kind. The engine claims a job,
// hands its kind the payload, a signal (aborted on cancel, on shutdown and when the claim is lost)
// and a way to save progress, and stores what `run` answers (or why it threw).
import { isAppError } from "../core/errors";
import type { Prisma } from "../db";
import type { EventInput } from "../outbox";

/** A job as stored (the Job table's row). */
export type JobRow = Prisma.JobGetPayload<object>;

export type JobContext<P> = {
  id: string;
  payload: P;
  /** 1 on the first claim; more when a crashed or stopped worker's job is claimed again. */
  attempt: number;
  /** What an earlier attempt saved with saveProgress (null at first). */
  progress: unknown;
  userId: string | null;
  signal: AbortSignal;
  /** Keeps a value with the job, so that a later attempt resumes instead of starting over. */
  saveProgress: (value: unknown) => Promise<void>;
};

export type JobKind<P = unknown, R = unknown> = {
  /** "<area>.<what>", unique in the process ("quantum.circuit", "wallet.index", "webhook.deliver"). */
  kind: string;
  /** Claims a job may take before it fails for good (a crash counts). Default 3. */
  maxAttempts?: number;
  run: (context: JobContext<P>) => Promise<R>;
  /** Whether a failure should be tried again (after a back-off). Default: see defaultRetryable. */
  retryable?: (error: unknown) => boolean;
  /**
   * A recurring kind: every `everyMs` one job of it is queued, once across all instances (a sweep, a
   * scheduled refresh). Its payload is `payload` (default {}).
   */
  schedule?: { everyMs: number; payload?: unknown };
  /**
   * The events its lifecycle records (lib/events), each in the same transaction as the job's status
   * update, so that an event exists exactly when the change it tells of committed. A hook answers
   * null to record nothing that time.
   */
  events?: JobLifecycleEvents;
};

/** How a job ended: the final status its `finished` event tells. */
export type JobOutcome = "DONE" | "ERROR" | "CANCELLED";

export type JobLifecycleEvents = {
  /** First claimed (QUEUED → RUNNING): once per job, not again when a retry or a crashed worker's job is claimed again. */
  started?: (job: JobRow) => EventInput | null;
  /** The job saved progress (saveProgress); `job.progress` is what it saved. */
  progressed?: (job: JobRow) => EventInput | null;
  /** It reached a final status (done, failed for good, cancelled; also a queued job cancelled before it ran). */
  finished?: (job: JobRow, outcome: JobOutcome) => EventInput | null;
};

/** Any job kind, whatever its payload and result (what the worker holds). */
export type AnyJobKind = JobKind<never, unknown>;

// Every kind defined or registered in this process, by name, so that a job's lifecycle events are
// found wherever its status changes (a worker's claim, or a cancel answered by an instance that runs
// no worker). On globalThis: Next bundles instrumentation (which registers every kind at startup)
// apart from the routes.
const state = globalThis as typeof globalThis & { __syndicateJobKinds?: Map<string, { events?: JobLifecycleEvents }> };
const defined = (state.__syndicateJobKinds ??= new Map());

/** Declares a job kind (and makes its lifecycle events known to the job store). */
export const defineJobKind = <P, R>(kind: JobKind<P, R>): JobKind<P, R> => {
  defined.set(kind.kind, kind);
  return kind;
};

/**
 * Makes every kind of the application known to the job store, whichever modules this process
 * loaded (lib/startup's registerApp() passes its JOB_KINDS).
 */
export const registerJobKinds = (kinds: readonly AnyJobKind[]) => {
  for (const kind of kinds) defined.set(kind.kind, kind);
};

/** Forgets every kind defined or registered (tests: kinds of their own go; the application registers its kinds again). */
export const forgetJobKinds = () => defined.clear();

/** The lifecycle events of a kind defined with defineJobKind (none for an unknown kind). */
export const lifecycleEventsOf = (kind: string): JobLifecycleEvents | undefined => defined.get(kind)?.events;

/**
 * Unexpected errors (a lost database connection, a crashed worker thread) and 503s that carry a
 * Retry-After (a full simulation queue) are worth another try; a refused input is not.
 */
export const defaultRetryable = (error: unknown) => !isAppError(error) || (error.status === 503 && Boolean(error.headers?.["retry-after"]));

/** Why a running job's signal was aborted; the signal's reason is a JobStopped. */
export type JobStopReason = "cancel" | "shutdown" | "lost";

export class JobStopped extends Error {
  constructor(readonly reason: JobStopReason) {
    super(`The job was stopped (${reason}).`);
    this.name = "JobStopped";
  }
}

/** True when `signal` was aborted because the job's owner cancelled it (not a shutdown). */
export const cancelledByOwner = (signal: AbortSignal) => signal.aborted && (signal.reason as JobStopped | undefined)?.reason === "cancel";

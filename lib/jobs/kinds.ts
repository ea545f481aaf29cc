// What an area registers to run work in the background: a job kind. The engine claims a job,
// hands its kind the payload, a signal (aborted on cancel, on shutdown and when the claim is lost)
// and a way to save progress, and stores what `run` answers (or why it threw).
import { isAppError } from "../core/errors";

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
  /** "<area>.<what>", unique in the process ("quantum.circuit", later "wallet.index", "webhook.deliver"). */
  kind: string;
  /** Claims a job may take before it fails for good (a crash counts). Default 3. */
  maxAttempts?: number;
  run: (context: JobContext<P>) => Promise<R>;
  /** Whether a failure should be tried again (after a back-off). Default: see defaultRetryable. */
  retryable?: (error: unknown) => boolean;
};

/** Any job kind, whatever its payload and result (what the worker holds). */
export type AnyJobKind = JobKind<never, unknown>;

export const defineJobKind = <P, R>(kind: JobKind<P, R>): JobKind<P, R> => kind;

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

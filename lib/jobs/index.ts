// The job engine's public surface (docs/jobs.md): areas define job kinds and enqueue jobs; the
// process starts one worker for the registered kinds (lib/startup/jobs.ts).
export {
  defineJobKind,
  registerJobKinds,
  forgetJobKinds,
  defaultRetryable,
  cancelledByOwner,
  JobStopped,
  type JobKind,
  type AnyJobKind,
  type JobContext,
  type JobStopReason,
  type JobLifecycleEvents,
  type JobOutcome,
} from "./kinds";
export {
  enqueueJob,
  enqueueJobs,
  enqueueOnce,
  scheduleKey,
  findJob,
  getJob,
  requestCancel,
  describeJobError,
  ACTIVE_STATUSES,
  FINAL_STATUSES,
  type JobRow,
  type JobError,
  type EnqueueInput,
} from "./store";
export { JobWorker, wakeWorkers, abortLocally, whenJobsIdle, type WorkerOptions } from "./worker";
export { stopAllJobWorkers } from "./registry";
export type { JobLog, JobLogLevel } from "./log";
export { jobsConfig, resetJobsConfig, type TJobsConfig } from "./config";

import { requestCancel as requestCancelInStore } from "./store";
import { abortLocally } from "./worker";

/** Asks for job `id` to stop, and stops it at once when this process runs it. */
export const cancelJob = async (id: string) => {
  const job = await requestCancelInStore(id);
  if (job.status === "RUNNING") abortLocally(id);
  return job;
};

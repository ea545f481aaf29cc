// The process's job worker: started once the database is ready (instrumentation.ts), for every
// registered job kind; stopped first at shutdown, so that running jobs finish or go back to the
// queue before the simulation pool and the database close.
import { JobWorker, jobsConfig, type AnyJobKind } from "../jobs";
import { quantumCircuitJob } from "../quantum";
import { walletIndexJob, walletRefreshJob } from "../wallet";
import { overdueSweepJob } from "../tasks";
import { webhookDeliverJob } from "../webhooks";
import { staleDeploymentsSweepJob } from "../deployments";

/** Every job kind of the application. A new area adds its kind here. */
export const JOB_KINDS: AnyJobKind[] = [quantumCircuitJob, walletIndexJob, walletRefreshJob, overdueSweepJob, staleDeploymentsSweepJob, webhookDeliverJob as AnyJobKind];

const state = globalThis as typeof globalThis & { __syndicateJobWorker?: JobWorker };

export const startJobWorker = () => {
  const config = jobsConfig();
  if (!config.JOBS_WORKER || state.__syndicateJobWorker) return state.__syndicateJobWorker;
  state.__syndicateJobWorker = new JobWorker({
    kinds: JOB_KINDS,
    concurrency: config.JOBS_CONCURRENCY,
    leaseMs: config.JOBS_LEASE_MS,
    pollMs: config.JOBS_POLL_MS,
  }).start();
  return state.__syndicateJobWorker;
};

export const stopJobWorker = async () => {
  const worker = state.__syndicateJobWorker;
  state.__syndicateJobWorker = undefined;
  await worker?.stop(jobsConfig().JOBS_STOP_GRACE_MS);
};

// The process's job workers: started once the database is ready (instrumentation.ts), one per lane;
// stopped first at shutdown, so that running jobs finish or go back to the queue before the
// simulation pool and the database close.
//
// Two lanes, each a worker with slots of its own, so that long work never holds up short work: a
// few multi-second simulations or a wallet's first indexing (minutes on a busy address) take the
// `work` lane's JOBS_CONCURRENCY slots, while webhook deliveries and the sweeps run in the `quick`
// lane's JOBS_QUICK_CONCURRENCY slots — an event still reaches its endpoints within seconds. Hosted
// agents' runs (lib/engines), which mostly wait on their engines for minutes, have a lane of their
// own (JOBS_AGENTS_CONCURRENCY), so a busy squad never holds up a simulation or a delivery.
import { JobWorker, jobsConfig, registerJobKinds, type AnyJobKind, type TJobsConfig } from "../jobs";
import { quantumCircuitJob } from "../quantum";
import { walletIndexJob, walletRefreshJob } from "../wallet";
import { overdueSweepJob } from "../tasks";
import { webhookDeliverJob } from "../webhooks";
import { staleDeploymentsSweepJob } from "../deployments";
import { agentMetricsSweepJob, lostRunSweepJob } from "../runs";
import { dispatchJobKind, hostedRunJob } from "../engines";
import { idempotencySweepJob } from "../http/idempotency";

export type JobLane = { name: string; kinds: AnyJobKind[]; concurrency: number };

/** The lanes and their kinds. A new area adds its kind to the lane its runs fit: long or short. */
export const jobLanes = (config: Pick<TJobsConfig, "JOBS_CONCURRENCY" | "JOBS_QUICK_CONCURRENCY" | "JOBS_AGENTS_CONCURRENCY">): JobLane[] => [
  { name: "work", kinds: [quantumCircuitJob, walletIndexJob], concurrency: config.JOBS_CONCURRENCY },
  {
    name: "quick",
    kinds: [webhookDeliverJob as AnyJobKind, overdueSweepJob, staleDeploymentsSweepJob, walletRefreshJob, lostRunSweepJob, agentMetricsSweepJob, dispatchJobKind, idempotencySweepJob as AnyJobKind],
    concurrency: config.JOBS_QUICK_CONCURRENCY,
  },
  { name: "agents", kinds: [hostedRunJob as AnyJobKind], concurrency: config.JOBS_AGENTS_CONCURRENCY },
];

/** Every job kind of the application. */
export const JOB_KINDS: AnyJobKind[] = jobLanes({ JOBS_CONCURRENCY: 1, JOBS_QUICK_CONCURRENCY: 1, JOBS_AGENTS_CONCURRENCY: 1 }).flatMap((lane) => lane.kinds);

// The workers this process started (the job engine's own registry, lib/jobs/registry.ts, keeps
// every running worker under a key of its own).
const state = globalThis as typeof globalThis & { __syndicateStartedJobWorkers?: JobWorker[] };

/** Starts a worker per lane (`lanes`: the application's; tests pass their own). */
export const startJobWorker = (lanes?: JobLane[]) => {
  // Every kind's lifecycle events, known to the job store whatever this process loaded.
  registerJobKinds(JOB_KINDS);
  const config = jobsConfig();
  if (!config.JOBS_WORKER || state.__syndicateStartedJobWorkers) return state.__syndicateStartedJobWorkers;
  state.__syndicateStartedJobWorkers = (lanes ?? jobLanes(config)).map((lane) =>
    new JobWorker({ kinds: lane.kinds, concurrency: lane.concurrency, leaseMs: config.JOBS_LEASE_MS, pollMs: config.JOBS_POLL_MS }).start(),
  );
  return state.__syndicateStartedJobWorkers;
};

export const stopJobWorker = async () => {
  const running = state.__syndicateStartedJobWorkers ?? [];
  state.__syndicateStartedJobWorkers = undefined;
  const grace = jobsConfig().JOBS_STOP_GRACE_MS;
  await Promise.all(running.map((worker) => worker.stop(grace)));
};

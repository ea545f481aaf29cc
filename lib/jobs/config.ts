// The job engine's settings (docs/jobs.md), read from the environment once per process.
import { z } from "zod";
import { envSection } from "../config/section";

const ZBooleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const ZJobsEnv = z.object({
  JOBS_WORKER: ZBooleanFlag.default(true).describe("Run a job worker in this process (false: only accept and answer jobs)"),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2).describe("Long jobs (simulations, wallet indexing) one process runs at once"),
  JOBS_QUICK_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(4)
    .describe("Short jobs (webhook deliveries, sweeps) one process runs at once, beside the long ones"),
  JOBS_AGENTS_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(8)
    .describe("Hosted agents' runs one process works at once (mostly waiting on their engines), beside the other lanes"),
  JOBS_LEASE_MS: z.coerce.number().int().min(500).default(30_000).describe("How long a claim holds without renewal; a dead worker's job is claimed again after it"),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1_000).describe("How often an idle worker looks for work"),
  JOBS_STOP_GRACE_MS: z.coerce.number().int().min(0).default(5_000).describe("How long shutdown waits for running jobs before handing them back to the queue"),
  QUANTUM_JOBS_ACTIVE_MAX: z.coerce.number().int().min(1).default(5).describe("Queued and running quantum jobs one user may have; more are 429"),
  WALLET_INDEX_JOBS_ACTIVE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe("Queued and running wallet-indexing jobs one user's requests may have started; a request that would start more is 429"),
});

export type TJobsConfig = z.infer<typeof ZJobsEnv>;

const section = envSection("jobs configuration", ZJobsEnv);

export const jobsConfig = (): TJobsConfig => section.get();

/** Forget the parsed settings (tests that change process.env). */
export const resetJobsConfig = section.reset;

// The run protocol's settings (docs/agents-at-work.md), read from the environment once per process.
import { z } from "zod";
import { envSection, type EnvSource } from "../config/section";

const whole = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).default(fallback).describe(description);

const ZRunsEnv = z.object({
  RUN_LEASE_SECONDS: whole(5, 3_600, 60, "A run's lease: a run not heartbeated for this long is lost"),
  RUN_MAX_ATTEMPTS: whole(1, 20, 3, "Runs one task may have; when the last one is lost or handed back the task fails"),
  RUN_MAX_STEPS: whole(1, 100_000, 1_000, "Steps one run's trace keeps; later ones are refused and counted"),
  RUN_MAX_TRACE_BYTES: whole(1_024, 64 * 1_048_576, 1_048_576, "Bytes of step text and data one run's trace keeps"),
  RUN_CLAIM_WATCH_MS: whole(20, 10_000, 100, "How often this instance reads the event log for tasks assigned to agents whose claims wait"),
  RUN_CLAIM_RECHECK_MS: whole(50, 30_000, 10_000, "The longest a waiting claim goes without looking again by itself (a safety net beside the watcher)"),
  RUN_OFFER_PREFERENCE_SECONDS: whole(0, 600, 10, "How long a squad's or syndicate's task is kept for its best-matching live member before any member may claim it"),
  AGENT_METRICS_WINDOW_DAYS: whole(1, 365, 30, "The rolling window measured metrics are taken over"),
});

export type TRunsEnv = z.infer<typeof ZRunsEnv>;

const section = envSection("runs configuration", ZRunsEnv);

export const readRunsEnv = (source: EnvSource = process.env): TRunsEnv => section.read(source);

export const runsConfig = (): TRunsEnv => section.get();

/** The longest a claim waits for work (docs/agents-at-work.md): 30 s. */
export const CLAIM_WAIT_MAX_SECONDS = 30;

/** Forget the parsed settings (tests that change process.env). */
export const resetRunsConfig = section.reset;

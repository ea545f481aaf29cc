// Deployment lifecycle settings (docs/marketplace-deployments-tasks.md, "Deployment lifecycle"),
// read from the environment once per process by the shared section reader.
import { z } from "zod";
import { ZEnvFlag, envSection, type EnvSource } from "../config/section";
import type { StaleClock } from "./rules";

const ZDeploymentsEnv = z.object({
  DEPLOYMENT_STALE_AFTER_MINUTES: z.coerce
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(525_600, "must be at most 525600 (a year)")
    .default(60)
    .describe("A deployment in_progress for longer than this many minutes is stale"),
  DEPLOYMENT_STALE_FAIL: ZEnvFlag.default(false).describe("The stale sweep also moves stale deployments to failed"),
});

export type TDeploymentsEnv = z.infer<typeof ZDeploymentsEnv>;

const section = envSection("deployments configuration", ZDeploymentsEnv);

export const readDeploymentsEnv = (source: EnvSource = process.env): TDeploymentsEnv => section.read(source);

export const deploymentsConfig = (): TDeploymentsEnv => section.get();

/** How long a deployment may stay in_progress before it is stale, in milliseconds. */
export const staleAfterMs = () => deploymentsConfig().DEPLOYMENT_STALE_AFTER_MINUTES * 60_000;

/** The clock answers are judged by: now and the configured limit (rules.ts, `staleness`). */
export const currentStaleClock = (): StaleClock => ({ now: new Date(), staleAfterMs: staleAfterMs() });

/** Forget the parsed settings (tests that change process.env). */
export const resetDeploymentsConfig = section.reset;

// Puts the process back as it was once its modules had loaded: no job workers, streams, sandbox
// threads, Redis connection or database open, no settings or credentials remembered, only the
// application's registrations. The integration tests run many files in one process and module
// graph (vitest.config.ts), and call this between files, so that no file sees what another one
// opened, configured or cached (docs/conventions.md, "Tests"). Process-wide state that a new module
// keeps belongs here, through a reset of its own in the module that owns it.
import { resetEnvSections } from "../config/section";
import { closeDatabase } from "../db";
import { forgetJobKinds, registerJobKinds, stopAllJobWorkers } from "../jobs";
import { forgetAuthSecret, resetPrincipalState } from "../auth";
import { closeSimulationPool, forgetIbmTokens } from "../quantum";
import { useDeliveryResolver } from "../webhooks";
import { resetStartupState } from "../health";
import { resetEventHub } from "../events/stream";
import { endClaimWaits, resetClaimWaits } from "../runs";
import { closeRateLimiter } from "../http/rate-limit";
import { JOB_KINDS, stopJobWorker } from "./jobs";
import { registerApp } from "./register";

export const resetProcessState = async () => {
  // Background work first, while the database still answers: a start-up still retrying, the job
  // workers (running jobs go back to the queue at once), the event streams.
  resetStartupState();
  await stopAllJobWorkers();
  await stopJobWorker();
  resetEventHub();
  endClaimWaits();
  resetClaimWaits();
  await Promise.allSettled([closeSimulationPool(), closeRateLimiter()]);
  await closeDatabase();
  // What was read or cached from the environment and the database.
  resetEnvSections();
  resetPrincipalState();
  forgetAuthSecret();
  forgetIbmTokens();
  useDeliveryResolver();
  // Kinds a test defined go; the application's are registered again, as at start.
  forgetJobKinds();
  registerJobKinds(JOB_KINDS);
  registerApp();
};

// Every integration test file (vitest.config.ts): the files of a worker share one process and one
// module graph (isolate: false), so what a file changes of the process is undone when it ends —
// process.env as it was when the file started, mocks, stubs and fake timers, then everything the
// app keeps per process (resetProcessState: job workers, streams, sandbox threads, the rate
// limiter, the database, settings and caches read from the environment or the database).
import { afterAll, vi } from "vitest";
import { resetProcessState } from "../../lib/startup/reset";

const startEnv = { ...process.env };

const restoreEnv = () => {
  for (const name of Object.keys(process.env)) if (!(name in startEnv)) delete process.env[name];
  Object.assign(process.env, startEnv);
};

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  restoreEnv();
  await resetProcessState();
});

// Once per test run (both projects): the simulation sandbox's worker entry compiled into one ES
// module, as the production build does (scripts/build-workers.mjs, same options), and used by every
// test through SIMULATION_WORKER_FILE. A thread then starts in a fraction of a second instead of
// compiling the quantum sources through tsx (seconds per thread, more on a loaded machine). The
// tsx entry that `next dev` uses (lib/quantum/pool/worker.mjs) keeps a test of its own
// (tests/reliability/simulation-pool.test.ts). In watch mode the bundle is rebuilt before each rerun.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { WORKER_BUILD_OPTIONS, workerEntries } from "../../scripts/worker-entries.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
// A file per run: two runs on one checkout at once (CI's embedded and server lanes) would otherwise
// rewrite the bundle under each other's threads as they load it.
const TEST_WORKER_FILE = path.join(ROOT, ".cache", "test-workers", `simulation-${process.pid}.mjs`);

const bundle = () =>
  build({ ...WORKER_BUILD_OPTIONS, entryPoints: [workerEntries(ROOT).simulation], outfile: TEST_WORKER_FILE });

export default async function setup(project: TestProject) {
  // An explicit choice (a test run against another build) is left alone.
  if (process.env.SIMULATION_WORKER_FILE) return;
  await bundle();
  process.env.SIMULATION_WORKER_FILE = TEST_WORKER_FILE;
  project.onTestsRerun?.(async () => {
    await bundle();
  });
  return () => {
    delete process.env.SIMULATION_WORKER_FILE;
    rmSync(TEST_WORKER_FILE, { force: true });
  };
}

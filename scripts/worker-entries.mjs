// The worker threads' entries and how they are compiled, shared by the production build
// (scripts/build-workers.mjs) and the tests (tests/helpers/worker-bundle.ts), so that the tests run
// the sandbox exactly as the server does: each entry and what it imports in one ES module.
import path from "node:path";

export const WORKER_BUILD_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // zod and the rest of the dependencies load from node_modules, as in the server.
  packages: "external",
  logLevel: "warning",
};

/** The sandbox's task entry (lib/quantum/pool) and the simulator's helper-thread entry, by their output name. */
export const workerEntries = (root) => ({
  simulation: path.join(root, "lib/quantum/pool/tasks.ts"),
  "simulator-helper": path.join(root, "lib/simulator/threads/helper.ts"),
});

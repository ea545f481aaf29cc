// Builds the app when there is no build yet or a source is newer than the last build.
import { spawnSync } from "node:child_process";
import { appIsStale, workersAreMissing } from "./build-state.mjs";

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";

const stale = appIsStale(root, distDir);
if (stale) {
  console.log("Building the app (first start, or the sources changed)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The simulation worker is compiled next to the build (scripts/build-workers.mjs).
if (stale || workersAreMissing(root, distDir)) {
  const workers = spawnSync("node", ["scripts/build-workers.mjs"], { stdio: "inherit" });
  if (workers.status !== 0) process.exit(workers.status ?? 1);
}
